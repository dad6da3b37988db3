package datasets

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

func init() {
	register("govtrack", 3917338,
		"GovTrack API page of 1000 US bills with sponsors, actions and titles: long English strings, many nulls, 1-space Python-style pretty-printing", genGovtrack)
}

var (
	gtFirst   = []string{"Madeleine", "Marco", "John", "Mary", "Robert", "Patricia", "James", "Linda", "Michael", "Barbara", "David", "Susan", "Richard", "Nancy", "Thomas", "Karen", "Charles", "Lisa", "Joseph", "Betty"}
	gtLast    = []string{"Bordallo", "Rubio", "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White"}
	gtStates  = [][2]string{{"FL", "Florida"}, {"CA", "California"}, {"TX", "Texas"}, {"NY", "New York"}, {"GU", "Guam"}, {"OH", "Ohio"}, {"PA", "Pennsylvania"}, {"IL", "Illinois"}, {"GA", "Georgia"}, {"MI", "Michigan"}}
	gtTopics  = []string{"Coral Reef", "Veterans", "Health Care", "Education", "Border Security", "Consumer Protection", "Clean Energy", "Tax Relief", "Small Business", "Transparency", "Rural Broadband", "Water Infrastructure", "Child Nutrition", "Medicare", "Wildlife", "Firearms", "Opioid", "Student Loan", "Housing", "Trade"}
	gtActs    = []string{"Conservation", "Reauthorization", "Enhancement", "Improvement", "Accountability", "Protection", "Access", "Fairness", "Modernization", "Relief"}
	gtPurpose = []string{"To amend the Internal Revenue Code of 1986", "To reauthorize the", "To provide for", "To require the Secretary of", "To establish a", "To improve the", "To direct the Secretary of the Interior", "Expressing the sense of the House of Representatives"}
	gtActions = []string{"Referred to the House Committee on the Judiciary.", "Read twice and referred to the Committee on Foreign Relations.", "Referred to House Natural Resources", "Committee on Foreign Relations. Ordered to be reported with an amendment in the nature of a substitute favorably.", "Passed Senate with an amendment by Unanimous Consent.", "On motion to suspend the rules and pass the bill Agreed to by voice vote.", "Became Public Law No: 114-255."}
	gtLegal   = []string{"the", "of", "and", "to", "in", "a", "for", "such", "secretary", "shall", "section", "act", "united", "states", "program", "under", "by", "or", "any", "with", "subsection", "amended", "striking", "inserting", "year", "fiscal", "funds", "authorized", "appropriated", "state", "federal", "agency", "report", "congress", "children", "health", "nation’s", "public", "law", "date", "enactment", "provided", "paragraph", "education", "grant"}
	gtStatus  = [][3]string{
		{"referred", "Referred to Committee", "This bill was introduced on %s, in a previous session of Congress, but was not enacted."},
		{"reported", "Reported by Committee", "A committee has issued a report on this bill on %s, but it did not receive a vote in the previous Congress."},
		{"pass_over_house", "Passed House", "This bill passed in the House on %s and goes to the Senate next for consideration."},
		{"enacted_signed", "Enacted — Signed by the President", "This bill was enacted after being signed by the President on %s."},
	}
	gtRelations = []string{"identical", "related", "unknown", "rule"}
)

type legislator struct {
	first, last, middle, state, stateName, party, bioguide, osid, twitter, youtube string
	id, cspan, district                                                            int64
	senator, female                                                                bool
	birthday                                                                       string
}

// legislators builds the small cast of sponsors: in the real page the same
// members sponsor many bills, so sponsor objects repeat.
func legislators(r *rand.Rand, n int) []legislator {
	out := make([]legislator, n)
	for i := range out {
		st := pick(r, gtStates)
		l := legislator{
			first: pick(r, gtFirst), last: pick(r, gtLast), state: st[0], stateName: st[1],
			party: pick(r, []string{"Democrat", "Republican"}), senator: chance(r, 0.3), female: chance(r, 0.3),
			id: 400000 + int64(r.IntN(13000)), cspan: digits(r, between(r, 4, 7)), district: int64(r.IntN(30)),
			birthday: fmt.Sprintf("19%02d-%02d-%02d", between(r, 30, 80), between(r, 1, 12), between(r, 1, 28)),
			osid:     "N000" + randString(r, "0123456789", 5),
		}
		if chance(r, 0.4) {
			l.middle = string(rune('A'+r.IntN(26))) + "."
		}
		l.bioguide = l.last[:1] + randString(r, "0123456789", 6)
		if chance(r, 0.86) {
			l.twitter = "Rep" + l.first + l.last
		}
		if chance(r, 0.77) {
			l.youtube = "Rep" + l.last
		}
		out[i] = l
	}
	return out
}

func genGovtrack(seed int64) []byte {
	r := newRand(seed, "govtrack")
	w := newWriter(style{indent: " ", colon: ": ", comma: " "}, 3917338)
	cast := legislators(r, 150)
	w.obj()
	w.key("meta")
	w.obj()
	w.kint("limit", 1000)
	w.kint("offset", 0)
	w.kint("total_count", int64(between(r, 10000, 14000)))
	w.endObj()
	w.key("objects")
	w.arr()
	day := time.Date(2016, 9, 30, 0, 0, 0, 0, time.UTC)
	for range 1000 {
		day = day.Add(-time.Duration(r.IntN(3)) * 24 * time.Hour)
		gtBill(w, r, pick(r, cast), day)
	}
	w.endArr()
	w.endObj()
	return w.b
}

func gtTitle(r *rand.Rand) string {
	return pick(r, gtTopics) + " " + pick(r, gtActs) + " Act of " + fmt.Sprint(between(r, 2015, 2016))
}

func gtBill(w *writer, r *rand.Rand, sp legislator, day time.Time) {
	house := !sp.senator
	kind, label, prefix := "house_bill", "H.R.", "hr"
	if !house {
		kind, label, prefix = "senate_bill", "S.", "s"
	}
	res := chance(r, 0.1)
	if res {
		kind, label, prefix = strings.Replace(kind, "bill", "resolution", 1), label[:len(label)-1]+"Res.", prefix+"res"
	}
	number := int64(between(r, 1, 6000))
	display := fmt.Sprintf("%s %d", label, number)
	date := day.Format("2006-01-02")
	status := gtStatus[min(r.IntN(8), len(gtStatus)-1)]
	short := gtTitle(r)

	w.obj()
	w.kstr("bill_resolution_type", map[bool]string{true: "resolution", false: "bill"}[res])
	w.kstr("bill_type", kind)
	w.kstr("bill_type_label", label)
	w.key("committee_reports")
	w.arr()
	if chance(r, 0.08) {
		for range between(r, 1, 2) {
			w.str(fmt.Sprintf("%s. Rept. 114-%d", label[:1], between(r, 1, 700)))
		}
	}
	w.endArr()
	w.kint("congress", 114)
	w.kstrOrNull("current_chamber", !chance(r, 0.1), map[bool]string{true: "house", false: "senate"}[house])
	w.kstr("current_status", status[0])
	w.kstr("current_status_date", date)
	w.kstr("current_status_description", fmt.Sprintf(status[2], day.Format("January 2, 2006")))
	w.kstr("current_status_label", status[1])
	w.kstr("display_number", display)
	w.knull("docs_house_gov_postdate")
	w.kint("id", 340000+int64(r.IntN(10000)))
	w.kstr("introduced_date", date)
	w.kbool("is_alive", false)
	w.kbool("is_current", false)
	w.kstr("link", fmt.Sprintf("https://www.govtrack.us/congress/bills/114/%s%d", prefix, number))
	w.kbool("lock_title", false)
	w.key("major_actions")
	w.arr()
	for i := range pick(r, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5}) {
		d := day.Add(time.Duration(i*between(r, 1, 60)) * 24 * time.Hour)
		text := pick(r, gtActions)
		w.arr()
		w.str(fmt.Sprintf("datetime.datetime(%d, %d, %d, 0, 0)", d.Year(), d.Month(), d.Day()))
		w.int(int64(between(r, 2, 9)))
		w.str(text)
		ref := ""
		if chance(r, 0.3) {
			ref = fmt.Sprintf("\n      <reference ref=\"CR S%d-%d\" label=\"consideration\"/>", between(r, 1000, 3000), between(r, 3000, 6000))
		}
		w.str(fmt.Sprintf("<action datetime=\"%s\" state=\"REFERRED\">\n      <text>%s</text>%s\n    </action>\n    ", d.Format("2006-01-02"), text, ref))
		w.endArr()
	}
	w.endArr()
	w.kstr("noun", map[bool]string{true: "resolution", false: "bill"}[res])
	w.kint("number", number)
	w.key("related_bills")
	w.arr()
	for range pick(r, []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 3}) {
		w.obj()
		w.kint("bill", 340000+int64(r.IntN(10000)))
		w.kstr("relation", pick(r, gtRelations))
		w.endObj()
	}
	w.endArr()
	w.knull("scheduled_consideration_date")
	w.knull("senate_floor_schedule_postdate")
	law := chance(r, 0.03)
	w.key("sliplawnum")
	if law {
		w.int(int64(between(r, 1, 330)))
	} else {
		w.null()
	}
	w.kstrOrNull("sliplawpubpriv", law, "PUB")
	w.kstr("source", "thomas-congproj")
	w.knull("source_link")
	gtSponsor(w, r, sp)
	w.key("text_incorporation")
	if chance(r, 0.045) {
		w.arr()
		for range between(r, 1, 2) {
			w.obj()
			w.key("my_ratio")
			w.float(float64(between(r, 500, 1000)) / 1000)
			w.kstr("my_version", pick(r, []string{"ih", "is", "enr", "rh", "eh"}))
			w.kstr("other", fmt.Sprintf("%s%d-114", prefix, between(r, 1, 6000)))
			w.key("other_ratio")
			w.float(float64(between(r, 500, 1000)) / 1000)
			w.kstr("other_version", pick(r, []string{"ih", "is", "enr"}))
			w.kstr("text", words(r, gtLegal, between(r, 400, 1500)))
			w.endObj()
		}
		w.endArr()
	} else {
		w.null()
	}
	w.kstr("title", display+" (114th): "+short)
	w.kstr("title_without_number", short)
	w.key("titles")
	w.arr()
	for i := range pick(r, []int{2, 2, 3, 3, 3, 3, 3, 4, 4, 5}) {
		w.arr()
		w.str(pick(r, []string{"short", "official", "display", "popular"}))
		if i == 0 || chance(r, 0.12) {
			w.null()
		} else {
			w.str(pick(r, []string{"introduced", "reported to house", "passed house", "enacted"}))
		}
		if i%2 == 1 {
			w.str(pick(r, gtPurpose) + " " + pick(r, gtTopics) + " " + pick(r, gtActs) + " Act " + words(r, gtLegal, between(r, 10, 60)) + ", and for other purposes.")
		} else {
			w.str(short)
		}
		w.endArr()
	}
	w.endArr()
	w.endObj()
}

func gtSponsor(w *writer, r *rand.Rand, sp legislator) {
	title, titleLong, role := "Rep.", "Representative", "representative"
	if sp.senator {
		title, titleLong, role = "Sen.", "Senator", "senator"
	}
	seat := fmt.Sprintf("%s-%s%d", sp.party[:1], sp.state, sp.district)
	if sp.senator {
		seat = sp.party[:1] + "-" + sp.state
	}
	gender, genderLabel := "male", "Male"
	if sp.female {
		gender, genderLabel = "female", "Female"
	}
	slug := strings.ToLower(sp.first + "_" + sp.last)
	site := "https://" + strings.ToLower(sp.last) + "." + role[:len(role)-len("or")+2] + ".gov"
	w.key("sponsor")
	w.obj()
	w.kstr("bioguideid", sp.bioguide)
	w.kstr("birthday", sp.birthday)
	w.kint("cspanid", sp.cspan)
	w.kstr("firstname", sp.first)
	w.kstr("gender", gender)
	w.kstr("gender_label", genderLabel)
	w.kint("id", sp.id)
	w.kstr("lastname", sp.last)
	w.kstr("link", fmt.Sprintf("https://www.govtrack.us/congress/members/%s/%d", slug, sp.id))
	w.kstr("middlename", sp.middle)
	w.kstr("name", fmt.Sprintf("%s %s %s [%s]", title, sp.first, sp.last, seat))
	w.kstr("namemod", "")
	w.kstr("nickname", "")
	w.kstr("osid", sp.osid)
	w.kstrOrNull("pvsid", sp.cspan%50 != 0, fmt.Sprint(sp.cspan%100000))
	w.kstr("sortname", fmt.Sprintf("%s, %s (%s) [%s]", sp.last, sp.first, title, seat))
	w.kstrOrNull("twitterid", sp.twitter != "", sp.twitter)
	w.kstrOrNull("youtubeid", sp.youtube != "", sp.youtube)
	w.endObj()

	w.key("sponsor_role")
	w.obj()
	w.knull("caucus")
	w.key("congress_numbers")
	w.arr()
	for c := 114 - int64(pick(r, []int{0, 0, 2})); c <= 114; c++ {
		w.int(c)
	}
	w.endArr()
	w.kbool("current", false)
	if sp.senator {
		w.kstr("description", "Senator from "+sp.stateName)
		w.knull("district")
	} else {
		w.kstr("description", fmt.Sprintf("Representative for %s's %d congressional district", sp.stateName, sp.district))
		w.kint("district", sp.district)
	}
	w.kstr("enddate", "2017-01-03")
	w.key("extra")
	w.obj()
	w.kstr("address", fmt.Sprintf("%d Rayburn HOB; Washington DC 20515-%04d", between(r, 100, 2500), r.IntN(10000)))
	if chance(r, 0.93) {
		w.kstr("contact_form", site+"/contact-me")
	}
	if chance(r, 0.94) {
		w.kstr("fax", fmt.Sprintf("202-22%d-%04d", r.IntN(10), r.IntN(10000)))
	}
	w.kstr("office", fmt.Sprintf("%d Rayburn House Office Building", between(r, 100, 2500)))
	if chance(r, 0.82) {
		w.kstr("rss_url", site+"/rss.xml")
	}
	w.endObj()
	w.kint("id", 40000+int64(r.IntN(5000)))
	w.kstrOrNull("leadership_title", chance(r, 0.02), "Minority Whip")
	w.kstr("party", sp.party)
	w.kint("person", sp.id)
	w.kstr("phone", fmt.Sprintf("202-22%d-%04d", r.IntN(10), r.IntN(10000)))
	w.kstr("role_type", role)
	w.kstr("role_type_label", titleLong)
	w.kstrOrNull("senator_class", sp.senator, fmt.Sprintf("class%d", sp.district%3+1))
	if sp.senator {
		w.kstr("senator_class_label", fmt.Sprintf("Class %d", sp.district%3+1))
	}
	w.kstrOrNull("senator_rank", sp.senator, "junior")
	if sp.senator {
		w.kstr("senator_rank_label", "Junior")
	}
	w.kstr("startdate", "2015-01-06")
	w.kstr("state", sp.state)
	w.kstr("title", title)
	w.kstr("title_long", titleLong)
	w.kstr("website", site)
	w.endObj()
}
