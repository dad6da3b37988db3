package datasets

// Canada is canada.json: a GeoJSON FeatureCollection holding one Polygon.
type Canada struct {
	Type     string          `json:"type"`
	Features []CanadaFeature `json:"features"`
}

// CanadaFeature is a GeoJSON Feature.
type CanadaFeature struct {
	Type       string           `json:"type"`
	Properties CanadaProperties `json:"properties"`
	Geometry   CanadaGeometry   `json:"geometry"`
}

// CanadaProperties are the feature's properties: only its name.
type CanadaProperties struct {
	Name string `json:"name"`
}

// CanadaGeometry is a Polygon: rings of [longitude, latitude] points. A few
// coordinates are written as integers; float64 reads them as the same value.
type CanadaGeometry struct {
	Type        string        `json:"type"`
	Coordinates [][][]float64 `json:"coordinates"`
}
