package datasets

// GitHubGists is github.json: one page of the GitHub public gists API.
type GitHubGists []Gist

// Gist is one gist. Owner is absent for anonymous gists, hence omitempty.
type Gist struct {
	URL         string              `json:"url"`
	ForksURL    string              `json:"forks_url"`
	CommitsURL  string              `json:"commits_url"`
	ID          string              `json:"id"`
	GitPullURL  string              `json:"git_pull_url"`
	GitPushURL  string              `json:"git_push_url"`
	HTMLURL     string              `json:"html_url"`
	Files       map[string]GistFile `json:"files"`
	Public      bool                `json:"public"`
	CreatedAt   string              `json:"created_at"`
	UpdatedAt   string              `json:"updated_at"`
	Description *string             `json:"description"`
	Comments    int64               `json:"comments"`
	// User is always null in the corpus, so its shape is unknown: any keeps
	// whatever a document holds.
	User        any        `json:"user"`
	CommentsURL string     `json:"comments_url"`
	Owner       *GistOwner `json:"owner,omitempty"`
	Truncated   bool       `json:"truncated"`
}

// GistFile is one file of a gist, keyed by its name in Gist.Files.
type GistFile struct {
	Filename string  `json:"filename"`
	Type     string  `json:"type"`
	Language *string `json:"language"`
	RawURL   string  `json:"raw_url"`
	Size     int64   `json:"size"`
}

// GistOwner is the user who owns a gist.
type GistOwner struct {
	Login             string `json:"login"`
	ID                int64  `json:"id"`
	AvatarURL         string `json:"avatar_url"`
	GravatarID        string `json:"gravatar_id"`
	URL               string `json:"url"`
	HTMLURL           string `json:"html_url"`
	FollowersURL      string `json:"followers_url"`
	FollowingURL      string `json:"following_url"`
	GistsURL          string `json:"gists_url"`
	StarredURL        string `json:"starred_url"`
	SubscriptionsURL  string `json:"subscriptions_url"`
	OrganizationsURL  string `json:"organizations_url"`
	ReposURL          string `json:"repos_url"`
	EventsURL         string `json:"events_url"`
	ReceivedEventsURL string `json:"received_events_url"`
	Type              string `json:"type"`
	SiteAdmin         bool   `json:"site_admin"`
}
