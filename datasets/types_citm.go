package datasets

// CITMCatalog is citm-catalog.json: a concert-hall catalog whose
// dictionaries are keyed by database ids printed as strings.
type CITMCatalog struct {
	AreaNames                map[string]string    `json:"areaNames"`
	AudienceSubCategoryNames map[string]string    `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string    `json:"blockNames"` // always empty in the corpus
	Events                   map[string]CITMEvent `json:"events"`
	Performances             []CITMPerformance    `json:"performances"`
	SeatCategoryNames        map[string]string    `json:"seatCategoryNames"`
	SubTopicNames            map[string]string    `json:"subTopicNames"`
	SubjectNames             map[string]string    `json:"subjectNames"` // always empty in the corpus
	TopicNames               map[string]string    `json:"topicNames"`
	TopicSubTopics           map[string][]int64   `json:"topicSubTopics"`
	VenueNames               map[string]string    `json:"venueNames"`
}

// CITMEvent is one entry of CITMCatalog.Events. The always-null fields are
// pointers so that null survives a round trip as null.
type CITMEvent struct {
	Description *string `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// CITMPerformance is one dated performance of an event.
type CITMPerformance struct {
	EventID        int64              `json:"eventId"`
	ID             int64              `json:"id"`
	Logo           *string            `json:"logo"`
	Name           *string            `json:"name"`
	Prices         []CITMPrice        `json:"prices"`
	SeatCategories []CITMSeatCategory `json:"seatCategories"`
	SeatMapImage   *string            `json:"seatMapImage"`
	Start          int64              `json:"start"` // Unix milliseconds
	VenueCode      string             `json:"venueCode"`
}

// CITMPrice is a price in cents for one seat category and audience.
type CITMPrice struct {
	Amount                int64 `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// CITMSeatCategory lists the areas a seat category covers.
type CITMSeatCategory struct {
	Areas          []CITMArea `json:"areas"`
	SeatCategoryID int64      `json:"seatCategoryId"`
}

// CITMArea is one area of a seat category.
type CITMArea struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"` // always empty in the corpus
}
