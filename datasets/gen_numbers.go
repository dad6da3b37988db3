package datasets

import (
	"math"
	"strconv"
)

func init() {
	register("canada", 2251051,
		"GeoJSON outline of Canada: one Polygon of 480 rings, 111k coordinates with ~17 significant digits, compact", genCanada)
	register("large-numbers", 351715,
		"flat array of 20000 numbers: 15-digit ints (a few beyond 2^53), long floats, tiny floats with exponents", genLargeNumbers)
}

func genCanada(seed int64) []byte {
	const (
		rings  = 480
		points = 55563
		minLen = 9
	)
	r := newRand(seed, "canada")
	w := newWriter(style{}, 2251051)
	// The real file's odd hand-made header layout is kept: it is the only
	// whitespace in the file.
	w.b = append(w.b, "{ \"type\": \"FeatureCollection\",\n  \"features\": [\n{\n    \"type\": \"Feature\",\n\"properties\": { \"name\": "...)
	w.b = appendQuoted(w.b, pick(r, []string{"Canada", "Canada (synthetic)", "Kanada", "Kanata"}))
	w.b = append(w.b, " },\n\"geometry\": {\"type\":\"Polygon\",\"coordinates\":"...)

	// Ring sizes are heavy-tailed (a few coastlines hold most points, as in
	// the real outline) but always add up to the same total.
	weights := make([]float64, rings)
	var total float64
	for i := range weights {
		e := r.ExpFloat64()
		weights[i] = e * e * e
		total += weights[i]
	}
	nCoord := 0
	w.arr()
	for _, wt := range weights {
		n := minLen + int(wt/total*float64(points-rings*minLen))
		x0 := -141 + 89*r.Float64()
		y0 := 41.7 + 41.4*r.Float64()
		x, y := x0, y0
		w.arr()
		for j := range n {
			if j == n-1 { // rings are closed, as GeoJSON requires
				x, y = x0, y0
			}
			w.item()
			w.b = append(w.b, '[')
			w.b = appendCoord(w.b, x, &nCoord)
			w.b = append(w.b, ',')
			w.b = appendCoord(w.b, y, &nCoord)
			w.b = append(w.b, ']')
			x += r.NormFloat64() * 0.02
			y += r.NormFloat64() * 0.02
		}
		w.endArr()
	}
	w.endArr()
	w.b = append(w.b, "}\n}\n]\n}\n"...)
	return w.b
}

// appendCoord mimics the real file: degrees with 6 decimals printed with 15
// decimals (so most carry binary noise like 43.420273000000009),
// and, as often as there, a whole number written as an integer.
func appendCoord(b []byte, v float64, n *int) []byte {
	*n++
	if *n%2415 == 0 {
		return strconv.AppendInt(b, int64(math.Round(v)), 10)
	}
	v = math.Round(v*1e6) / 1e6
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', 15, 64)
	end := len(b)
	for end > start && b[end-1] == '0' {
		end--
	}
	if b[end-1] == '.' {
		end++ // keep "x.0" a float
	}
	return b[:end]
}

func genLargeNumbers(seed int64) []byte {
	r := newRand(seed, "large-numbers")
	w := newWriter(style{comma: " "}, 351715)
	w.arr()
	for range 5000 {
		// Integers up to 10^15 like the real file; 5% go beyond 2^53, where
		// decoding into float64 silently loses precision.
		v := r.Int64N(1e15)
		if chance(r, 0.05) {
			v = 1<<53 + r.Int64N(1e18-1<<53)
		}
		if chance(r, 0.143) {
			v = -v
		}
		w.int(v)
		w.float(r.Float64() * 1e14)
		// Magnitudes spread log-uniformly over 1e-9..1e10 and rounded to 9
		// decimals: a quarter of them print with an exponent.
		small := math.Round(math.Pow(10, -9+19*r.Float64())*1e9) / 1e9
		if small == 0 {
			small = 1e-9
		}
		w.float(small)
		w.float(-r.Float64() * 1e12)
	}
	w.endArr()
	w.b = append(w.b, '\n')
	return w.b
}
