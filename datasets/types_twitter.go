package datasets

// Twitter is twitter.json: one page of the Twitter search API.
type Twitter struct {
	Statuses       []Tweet           `json:"statuses"`
	SearchMetadata TwitterSearchMeta `json:"search_metadata"`
}

// TwitterSearchMeta describes the search that produced the page.
type TwitterSearchMeta struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int64   `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// Tweet is one status; a retweet embeds the original, one level deeper.
// Nullable fields are pointers so that null stays null; fields a tweet may
// lack are pointers with omitempty so that absent stays absent (a present
// false or "" is kept, which omitempty on a plain bool or string would drop).
type Tweet struct {
	Metadata             TweetMetadata `json:"metadata"`
	CreatedAt            string        `json:"created_at"`
	ID                   int64         `json:"id"`
	IDStr                string        `json:"id_str"`
	Text                 string        `json:"text"`
	Source               string        `json:"source"`
	Truncated            bool          `json:"truncated"`
	InReplyToStatusID    *int64        `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string       `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64        `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string       `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string       `json:"in_reply_to_screen_name"`
	User                 TwitterUser   `json:"user"`
	// Geo, Coordinates, Place and Contributors are always null in the
	// corpus, so their shape is unknown: any keeps whatever a document holds.
	Geo               any           `json:"geo"`
	Coordinates       any           `json:"coordinates"`
	Place             any           `json:"place"`
	Contributors      any           `json:"contributors"`
	RetweetedStatus   *Tweet        `json:"retweeted_status,omitempty"`
	RetweetCount      int64         `json:"retweet_count"`
	FavoriteCount     int64         `json:"favorite_count"`
	Entities          TweetEntities `json:"entities"`
	Favorited         bool          `json:"favorited"`
	Retweeted         bool          `json:"retweeted"`
	PossiblySensitive *bool         `json:"possibly_sensitive,omitempty"`
	Lang              string        `json:"lang"`
}

// TweetMetadata is the search API's note on why a tweet matched.
type TweetMetadata struct {
	ResultType      string `json:"result_type"`
	ISOLanguageCode string `json:"iso_language_code"`
}

// TweetEntities are the parsed parts of a tweet's text. Media is absent
// from tweets without media, and never an empty array.
type TweetEntities struct {
	Hashtags     []TweetHashtag `json:"hashtags"`
	Symbols      []TweetHashtag `json:"symbols"` // always empty in the corpus; the API gives symbols the hashtag shape
	URLs         []TweetURL     `json:"urls"`
	UserMentions []TweetMention `json:"user_mentions"`
	Media        []TweetMedia   `json:"media,omitempty"`
}

// TweetHashtag is a hashtag (or a cashtag symbol) and where it occurs.
type TweetHashtag struct {
	Text    string  `json:"text"`
	Indices []int64 `json:"indices"`
}

// TweetURL is a shortened link and where it occurs.
type TweetURL struct {
	URL         string  `json:"url"`
	ExpandedURL string  `json:"expanded_url"`
	DisplayURL  string  `json:"display_url"`
	Indices     []int64 `json:"indices"`
}

// TweetMention is a mentioned user and where the mention occurs.
type TweetMention struct {
	ScreenName string  `json:"screen_name"`
	Name       string  `json:"name"`
	ID         int64   `json:"id"`
	IDStr      string  `json:"id_str"`
	Indices    []int64 `json:"indices"`
}

// TweetMedia is an attached photo. SourceStatusID is present only on media
// taken from another tweet.
type TweetMedia struct {
	ID                int64           `json:"id"`
	IDStr             string          `json:"id_str"`
	Indices           []int64         `json:"indices"`
	MediaURL          string          `json:"media_url"`
	MediaURLHTTPS     string          `json:"media_url_https"`
	URL               string          `json:"url"`
	DisplayURL        string          `json:"display_url"`
	ExpandedURL       string          `json:"expanded_url"`
	Type              string          `json:"type"`
	Sizes             TweetMediaSizes `json:"sizes"`
	SourceStatusID    *int64          `json:"source_status_id,omitempty"`
	SourceStatusIDStr *string         `json:"source_status_id_str,omitempty"`
}

// TweetMediaSizes are the renditions of a photo.
type TweetMediaSizes struct {
	Medium TweetMediaSize `json:"medium"`
	Small  TweetMediaSize `json:"small"`
	Thumb  TweetMediaSize `json:"thumb"`
	Large  TweetMediaSize `json:"large"`
}

// TweetMediaSize is one rendition of a photo (thumb, small, medium, large).
type TweetMediaSize struct {
	W      int64  `json:"w"`
	H      int64  `json:"h"`
	Resize string `json:"resize"`
}

// TwitterUser is a tweet's author. URL (in Entities) is absent for users
// without a website; ProfileBannerURL for users without a banner.
type TwitterUser struct {
	ID                             int64             `json:"id"`
	IDStr                          string            `json:"id_str"`
	Name                           string            `json:"name"`
	ScreenName                     string            `json:"screen_name"`
	Location                       string            `json:"location"`
	Description                    string            `json:"description"`
	URL                            *string           `json:"url"`
	Entities                       TwitterUserEntity `json:"entities"`
	Protected                      bool              `json:"protected"`
	FollowersCount                 int64             `json:"followers_count"`
	FriendsCount                   int64             `json:"friends_count"`
	ListedCount                    int64             `json:"listed_count"`
	CreatedAt                      string            `json:"created_at"`
	FavouritesCount                int64             `json:"favourites_count"`
	UTCOffset                      *int64            `json:"utc_offset"`
	TimeZone                       *string           `json:"time_zone"`
	GeoEnabled                     bool              `json:"geo_enabled"`
	Verified                       bool              `json:"verified"`
	StatusesCount                  int64             `json:"statuses_count"`
	Lang                           string            `json:"lang"`
	ContributorsEnabled            bool              `json:"contributors_enabled"`
	IsTranslator                   bool              `json:"is_translator"`
	IsTranslationEnabled           bool              `json:"is_translation_enabled"`
	ProfileBackgroundColor         string            `json:"profile_background_color"`
	ProfileBackgroundImageURL      string            `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string            `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool              `json:"profile_background_tile"`
	ProfileImageURL                string            `json:"profile_image_url"`
	ProfileImageURLHTTPS           string            `json:"profile_image_url_https"`
	ProfileBannerURL               *string           `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string            `json:"profile_link_color"`
	ProfileSidebarBorderColor      string            `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string            `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string            `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool              `json:"profile_use_background_image"`
	DefaultProfile                 bool              `json:"default_profile"`
	DefaultProfileImage            bool              `json:"default_profile_image"`
	Following                      bool              `json:"following"`
	FollowRequestSent              bool              `json:"follow_request_sent"`
	Notifications                  bool              `json:"notifications"`
}

// TwitterUserEntity holds the links parsed from a user's profile.
type TwitterUserEntity struct {
	URL         *TwitterURLs `json:"url,omitempty"`
	Description TwitterURLs  `json:"description"`
}

// TwitterURLs is a list of links, as the user entities nest them.
type TwitterURLs struct {
	URLs []TweetURL `json:"urls"`
}
