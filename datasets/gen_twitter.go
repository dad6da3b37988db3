package datasets

import (
	"math/rand/v2"
	"strconv"
	"time"
)

func init() {
	register("twitter", 631514,
		"Twitter search API result: 100 Japanese tweets with users, entities and retweets, depth 10, ~50% non-ASCII, 2-space pretty-printed", genTwitter)
}

var (
	twSources = []string{
		`<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>`,
		`<a href="http://twitter.com/download/android" rel="nofollow">Twitter for Android</a>`,
		`<a href="http://twitter.com" rel="nofollow">Twitter Web Client</a>`,
		`<a href="https://mobile.twitter.com" rel="nofollow">Mobile Web (M2)</a>`,
		`<a href="http://twittbot.net/" rel="nofollow">twittbot.net</a>`,
	}
	twASCII     = []string{"RT", "LINE", "w", "www", "OK", "2014", "8/31", "100", "ww", "iPhone", "ON", "FF"}
	twColors    = []string{"C0DEED", "0084B4", "DDEEF6", "333333", "FFFFFF", "000000", "FF0000", "5EB9FF", "F5F8FA"}
	twTimeZones = []string{"Tokyo", "Osaka", "Irkutsk", "Hawaii", "Sapporo"}
	twLocations = []string{"", "", "", "東京", "大阪", "日本", "福岡", "埼玉", "キミの部屋", "Japan"}
	twStart     = time.Date(2014, 8, 31, 0, 29, 15, 0, time.UTC)
)

// tweetID mimics the real file, whose numeric ids went through a float64
// (505874924095815681 became 505874924095815700) while *_str kept all digits.
func tweetID(r *rand.Rand) (int64, string) {
	v := 505000000000000000 + r.Int64N(1e15)
	rounded, _ := strconv.ParseInt(strconv.FormatFloat(float64(v), 'f', -1, 64), 10, 64)
	return rounded, strconv.FormatInt(v, 10)
}

type twitterGen struct {
	w  *writer
	r  *rand.Rand
	tm time.Time
}

func genTwitter(seed int64) []byte {
	g := &twitterGen{w: newWriter(style{indent: "  ", colon: ": "}, 631514), r: newRand(seed, "twitter"), tm: twStart}
	w, r := g.w, g.r
	w.obj()
	w.key("statuses")
	w.arr()
	var maxID int64
	var maxIDStr string
	// Exactly as many retweets as in the real page: they carry a third of the
	// bytes, so leaving their number to chance would swing the size.
	order := r.Perm(100)
	for i := range 100 {
		id, idStr := g.status(order[i] < 73)
		if i == 0 {
			maxID, maxIDStr = id, idStr
		}
	}
	w.endArr()
	w.key("search_metadata")
	w.obj()
	w.key("completed_in")
	w.float(float64(between(r, 20, 200)) / 1000)
	w.kint("max_id", maxID)
	w.kstr("max_id_str", maxIDStr)
	w.kstr("next_results", "?max_id="+maxIDStr[:12]+"352512&q=%E4%B8%80&count=100&include_entities=1")
	w.kstr("query", "%E4%B8%80")
	w.kstr("refresh_url", "?since_id="+maxIDStr+"&q=%E4%B8%80&include_entities=1")
	w.kint("count", 100)
	w.kint("since_id", 0)
	w.kstr("since_id_str", "0")
	w.endObj()
	w.endObj()
	return w.b
}

func (g *twitterGen) japanese(minRunes, maxRunes int, newlines bool) string {
	var b []byte
	n := between(g.r, minRunes, maxRunes)
	for n > 0 {
		k := min(n, between(g.r, 8, 40))
		b = appendJapanese(b, g.r, k, twASCII)
		n -= k
		if newlines && n > 0 && chance(g.r, 0.3) {
			b = append(b, '\n')
		}
	}
	return string(b)
}

// status writes one tweet; a retweet embeds the original tweet, which is what
// takes the document to depth 10.
func (g *twitterGen) status(retweet bool) (int64, string) {
	w, r := g.w, g.r
	g.tm = g.tm.Add(-time.Duration(between(g.r, 0, 2)) * time.Second)
	id, idStr := tweetID(r)
	var screen, orig string
	var nested bool
	if retweet {
		screen = randString(r, lowerNum, between(r, 6, 15))
	}
	w.obj()
	w.key("metadata")
	w.obj()
	w.kstr("result_type", "recent")
	w.kstr("iso_language_code", "ja")
	w.endObj()
	w.kstr("created_at", g.tm.Format("Mon Jan 02 15:04:05 +0000 2006"))
	w.kint("id", id)
	w.kstr("id_str", idStr)
	if retweet {
		orig = g.japanese(60, 150, true)
		w.kstr("text", "RT @"+screen+": "+orig)
	} else {
		w.kstr("text", g.japanese(40, 160, true))
	}
	w.kstr("source", pick(r, twSources))
	w.kbool("truncated", false)
	reply := chance(r, 0.07)
	replyID, replyIDStr := tweetID(r)
	w.key("in_reply_to_status_id")
	if reply {
		w.int(replyID)
	} else {
		w.null()
	}
	w.kstrOrNull("in_reply_to_status_id_str", reply, replyIDStr)
	replyUser := reply || chance(r, 0.03)
	uid := digits(r, between(r, 8, 10))
	w.key("in_reply_to_user_id")
	if replyUser {
		w.int(uid)
	} else {
		w.null()
	}
	w.kstrOrNull("in_reply_to_user_id_str", replyUser, itoa(uid))
	w.kstrOrNull("in_reply_to_screen_name", replyUser, randString(r, lowerNum, between(r, 6, 15)))
	g.user(randString(r, lowerNum, between(r, 6, 15)))
	w.knull("geo")
	w.knull("coordinates")
	w.knull("place")
	w.knull("contributors")
	retweets := int64(r.IntN(200))
	if retweet {
		nested = true
		w.key("retweeted_status")
		g.original(orig, screen, retweets)
	}
	w.kint("retweet_count", retweets)
	w.kint("favorite_count", int64(r.IntN(3)))
	g.entities(nested, screen, 0.08, 0.13, 0.15, 0.06)
	w.kbool("favorited", false)
	w.kbool("retweeted", false)
	if chance(r, 0.15) {
		w.kbool("possibly_sensitive", false)
	}
	w.kstr("lang", "ja")
	w.endObj()
	return id, idStr
}

// original writes the retweeted tweet: the same schema one level deeper.
func (g *twitterGen) original(text, screen string, retweets int64) {
	w, r := g.w, g.r
	id, idStr := tweetID(r)
	w.obj()
	w.key("metadata")
	w.obj()
	w.kstr("result_type", "recent")
	w.kstr("iso_language_code", "ja")
	w.endObj()
	w.kstr("created_at", g.tm.Add(-time.Duration(r.IntN(86400))*time.Second).Format("Mon Jan 02 15:04:05 +0000 2006"))
	w.kint("id", id)
	w.kstr("id_str", idStr)
	w.kstr("text", text)
	w.kstr("source", pick(r, twSources))
	w.kbool("truncated", false)
	for _, k := range []string{"in_reply_to_status_id", "in_reply_to_status_id_str", "in_reply_to_user_id", "in_reply_to_user_id_str", "in_reply_to_screen_name"} {
		w.knull(k)
	}
	g.user(screen)
	w.knull("geo")
	w.knull("coordinates")
	w.knull("place")
	w.knull("contributors")
	w.kint("retweet_count", retweets)
	w.kint("favorite_count", int64(r.IntN(300)))
	g.entities(false, "", 0.03, 0.08, 0.05, 0.05)
	w.kbool("favorited", false)
	w.kbool("retweeted", false)
	if chance(r, 0.11) {
		w.kbool("possibly_sensitive", false)
	}
	w.kstr("lang", "ja")
	w.endObj()
}

func (g *twitterGen) indices(k string) {
	w := g.w
	a := g.r.IntN(100)
	w.key(k)
	w.arr()
	w.int(int64(a))
	w.int(int64(a + between(g.r, 5, 23)))
	w.endArr()
}

func (g *twitterGen) urlEntity() {
	w, r := g.w, g.r
	host := randString(r, lowerNum, between(r, 5, 12)) + pick(r, []string{".jp", ".com", ".net"})
	path := "/" + randString(r, alnum, between(r, 4, 20))
	w.obj()
	w.kstr("url", "http://t.co/"+randString(r, alnum, 10))
	w.kstr("expanded_url", "http://"+host+path)
	w.kstr("display_url", host+path)
	g.indices("indices")
	w.endObj()
}

// entities writes hashtags, symbols, urls, mentions and sometimes media, each
// with the probability seen in the real file; a retweet always mentions the
// retweeted user.
func (g *twitterGen) entities(retweet bool, screen string, pTag, pURL, pMention, pMedia float64) {
	w, r := g.w, g.r
	w.key("entities")
	w.obj()
	w.key("hashtags")
	w.arr()
	if chance(r, pTag) {
		w.obj()
		w.kstr("text", g.japanese(3, 10, false))
		g.indices("indices")
		w.endObj()
	}
	w.endArr()
	w.key("symbols")
	w.arr()
	w.endArr()
	w.key("urls")
	w.arr()
	if chance(r, pURL) {
		g.urlEntity()
	}
	w.endArr()
	w.key("user_mentions")
	w.arr()
	if retweet || chance(r, pMention) {
		if screen == "" {
			screen = randString(r, lowerNum, between(r, 6, 15))
		}
		w.obj()
		w.kstr("screen_name", screen)
		w.kstr("name", g.japanese(2, 8, false))
		uid := digits(r, between(r, 8, 10))
		w.kint("id", uid)
		w.kstr("id_str", itoa(uid))
		g.indices("indices")
		w.endObj()
	}
	w.endArr()
	if chance(r, pMedia) {
		g.media()
	}
	w.endObj()
}

func (g *twitterGen) media() {
	w, r := g.w, g.r
	id, idStr := tweetID(r)
	img := "pbs.twimg.com/media/" + randString(r, alnum, 15) + ".jpg"
	short := randString(r, alnum, 10)
	w.key("media")
	w.arr()
	w.obj()
	w.kint("id", id)
	w.kstr("id_str", idStr)
	g.indices("indices")
	w.kstr("media_url", "http://"+img)
	w.kstr("media_url_https", "https://"+img)
	w.kstr("url", "http://t.co/"+short)
	w.kstr("display_url", "pic.twitter.com/"+short)
	w.kstr("expanded_url", "http://twitter.com/"+randString(r, lowerNum, 10)+"/status/"+idStr+"/photo/1")
	w.kstr("type", "photo")
	w.key("sizes")
	w.obj()
	for _, s := range []struct {
		name   string
		w, h   int64
		resize string
	}{{"medium", 600, 450, "fit"}, {"small", 340, 255, "fit"}, {"thumb", 150, 150, "crop"}, {"large", 1024, 768, "fit"}} {
		w.key(s.name)
		w.obj()
		w.kint("w", s.w)
		w.kint("h", s.h)
		w.kstr("resize", s.resize)
		w.endObj()
	}
	w.endObj()
	if chance(r, 0.6) {
		w.kint("source_status_id", id)
		w.kstr("source_status_id_str", idStr)
	}
	w.endObj()
	w.endArr()
}

func (g *twitterGen) user(screen string) {
	w, r := g.w, g.r
	uid := digits(r, between(r, 8, 10))
	hasURL := chance(r, 0.1)
	w.key("user")
	w.obj()
	w.kint("id", uid)
	w.kstr("id_str", itoa(uid))
	w.kstr("name", g.japanese(2, 12, false))
	w.kstr("screen_name", screen)
	w.kstr("location", pick(r, twLocations))
	w.kstr("description", g.japanese(10, 135, false))
	short := "http://t.co/" + randString(r, alnum, 10)
	w.kstrOrNull("url", hasURL, short)
	w.key("entities")
	w.obj()
	if hasURL {
		w.key("url")
		w.obj()
		w.key("urls")
		w.arr()
		g.urlEntity()
		w.endArr()
		w.endObj()
	}
	w.key("description")
	w.obj()
	w.key("urls")
	w.arr()
	if chance(r, 0.05) {
		g.urlEntity()
	}
	w.endArr()
	w.endObj()
	w.endObj()
	w.kbool("protected", false)
	w.kint("followers_count", int64(r.IntN(3000)))
	w.kint("friends_count", int64(r.IntN(3000)))
	w.kint("listed_count", int64(r.IntN(100)))
	w.kstr("created_at", twStart.Add(-time.Duration(r.Int64N(5*365*86400))*time.Second).Format("Mon Jan 02 15:04:05 +0000 2006"))
	w.kint("favourites_count", int64(r.IntN(20000)))
	tz := chance(r, 0.18)
	w.key("utc_offset")
	if tz {
		w.int(32400)
	} else {
		w.null()
	}
	w.kstrOrNull("time_zone", tz, pick(r, twTimeZones))
	w.kbool("geo_enabled", chance(r, 0.3))
	w.kbool("verified", false)
	w.kint("statuses_count", int64(r.IntN(100000)))
	w.kstr("lang", "ja")
	w.kbool("contributors_enabled", false)
	w.kbool("is_translator", false)
	w.kbool("is_translation_enabled", false)
	w.kstr("profile_background_color", pick(r, twColors))
	bg := "abs.twimg.com/images/themes/theme" + strconv.Itoa(between(r, 1, 19)) + "/bg.png"
	w.kstr("profile_background_image_url", "http://"+bg)
	w.kstr("profile_background_image_url_https", "https://"+bg)
	w.kbool("profile_background_tile", chance(r, 0.2))
	img := "pbs.twimg.com/profile_images/" + strconv.FormatInt(digits(r, 18), 10) + "/" + randString(r, alnum, 8) + "_normal.jpeg"
	w.kstr("profile_image_url", "http://"+img)
	w.kstr("profile_image_url_https", "https://"+img)
	if chance(r, 0.9) {
		w.kstr("profile_banner_url", "https://pbs.twimg.com/profile_banners/"+itoa(uid)+"/"+strconv.FormatInt(digits(r, 10), 10))
	}
	w.kstr("profile_link_color", pick(r, twColors))
	w.kstr("profile_sidebar_border_color", pick(r, twColors))
	w.kstr("profile_sidebar_fill_color", pick(r, twColors))
	w.kstr("profile_text_color", pick(r, twColors))
	w.kbool("profile_use_background_image", true)
	w.kbool("default_profile", chance(r, 0.5))
	w.kbool("default_profile_image", false)
	w.kbool("following", false)
	w.kbool("follow_request_sent", false)
	w.kbool("notifications", false)
	w.endObj()
}
