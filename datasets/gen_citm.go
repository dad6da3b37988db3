package datasets

import (
	"math/rand/v2"
	"strconv"
)

func init() {
	register("citm-catalog", 1727204,
		"concert-hall catalog (events, performances, seat areas): ~11k small objects, 9-digit ints, 4-space pretty-printed, 71% whitespace", genCITM)
}

var (
	citmEnsembles = []string{"Orchestre", "Quatuor", "Ensemble", "Chœur", "Trio", "Orchestre de chambre"}
	citmAdjs      = []string{"Philharmonique", "Symphonique", "National", "Baroque", "Contemporain", "Lyrique"}
	citmCities    = []string{"Paris", "Lyon", "Toulouse", "Köln", "São Paulo", "Île-de-France", "Leipzig", "Budapest", "Genève", "Radio France"}
	citmPeople    = []string{"Evgeny Kissin", "Patricia Petibon", "Menahem Pressler", "Joshua Redman", "Hélène Grimaud", "Renaud Capuçon", "Cecilia Bartoli", "Daniil Trifonov", "Gautier Capuçon", "Anne-Sophie Mutter"}
	citmWorks     = []string{"Nouveau Monde", "Les Noces de Figaro", "concertos pour piano", "Le génie italien", "Symphonies de Brahms", "Requiem", "Intégrale des sonates", "Carmen (version de concert)"}
	citmGenres    = []string{"Musique amplifiée", "Musique baroque", "Ciné-concert", "Musique classique", "Jazz", "Musique de chambre", "Musique dirigée", "Musique du monde", "Pop/rock", "Famille", "Concert", "Opéra (version de concert)", "Musique contemporaine", "Musique vocale", "Musique ancienne", "Chanson", "Voix", "Récital", "Danse"}
	citmTopics    = []string{"Activité", "Type de public", "Genre", "Formations musicales"}
	citmLevels    = []string{"1er balcon", "2ème balcon", "Orchestre", "Arrière-scène", "Corbeille", "Parterre"}
	citmSides     = []string{"central", "cour", "jardin", "bergerie cour", "bergerie jardin"}
	citmSeatCats  = []string{"1ère catégorie", "2ème catégorie", "3ème catégorie", "4ème catégorie", "5ème catégorie", "Catégorie unique", "Placement libre"}
	citmVenues    = [][2]string{{"PLEYEL_PLEYEL", "Salle Pleyel"}, {"GAVEAU_GAVEAU", "Salle Gaveau"}, {"CHATELET_CHATELET", "Théâtre du Châtelet"}, {"OLYMPIA_OLYMPIA", "L'Olympia"}}
	// Skewed pools reproduce the real frequency of list lengths.
	citmPriceCounts = []int{5, 5, 5, 5, 4, 4, 4, 4, 1, 1, 2}
	citmAreaCounts  = []int{6, 6, 6, 11, 11, 10, 10, 13, 13, 16, 7, 1, 12, 14, 9}
	citmSubTopicLen = []int{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 0}
)

// ids returns n increasing ids of the given digit count, as the real catalog's
// keys are database ids printed in sorted order.
func ids(r *rand.Rand, n, nDigits int) []int64 {
	out := make([]int64, n)
	v := digits(r, nDigits)
	for i := range out {
		v += int64(between(r, 1, 12))
		out[i] = v
	}
	return out
}

func citmEventName(r *rand.Rand) string {
	switch r.IntN(3) {
	case 0:
		return pick(r, citmEnsembles) + " " + pick(r, citmAdjs) + " de " + pick(r, citmCities)
	case 1:
		return pick(r, citmPeople) + " - " + pick(r, citmWorks)
	default:
		return pick(r, citmPeople)
	}
}

func genCITM(seed int64) []byte {
	r := newRand(seed, "citm-catalog")
	w := newWriter(style{indent: "    ", colon: ": "}, 1727204)
	id := func(v int64) string { return strconv.FormatInt(v, 10) }

	areas := ids(r, 17, 9)
	audience := digits(r, 9)
	events := ids(r, 184, 9)
	seatCats := ids(r, 64, 9)
	subTopics := ids(r, 19, 9)
	topics := ids(r, 4, 9)
	venue := citmVenues[r.IntN(len(citmVenues))]

	w.obj()
	w.key("areaNames")
	w.obj()
	for _, a := range areas {
		w.kstr(id(a), pick(r, citmLevels)+" "+pick(r, citmSides))
	}
	w.endObj()
	w.key("audienceSubCategoryNames")
	w.obj()
	w.kstr(id(audience), "Abonné")
	w.endObj()
	w.key("blockNames")
	w.obj()
	w.endObj()

	logo := func(k string, p float64) {
		w.kstrOrNull(k, chance(r, p), "/images/UE0AAAAACEKo"+randString(r, alnum, 12))
	}
	idList := func(k string, n int, from []int64) {
		w.key(k)
		w.arr()
		for range n {
			w.int(from[r.IntN(len(from))])
		}
		w.endArr()
	}
	w.key("events")
	w.obj()
	for _, e := range events {
		w.key(id(e))
		w.obj()
		w.knull("description")
		w.kint("id", e)
		logo("logo", 0.51)
		w.kstr("name", citmEventName(r))
		idList("subTopicIds", pick(r, citmSubTopicLen), subTopics)
		w.knull("subjectCode")
		w.knull("subtitle")
		topicLen := 3
		if chance(r, 0.04) {
			topicLen = r.IntN(3)
		}
		idList("topicIds", topicLen, topics)
		w.endObj()
	}
	w.endObj()

	w.key("performances")
	w.arr()
	perfID := digits(r, 9)
	start := int64(1372701600000)
	for range 243 {
		perfID += int64(between(r, 1, 40))
		start += int64(between(r, 0, 48)) * 3600000
		n := pick(r, citmPriceCounts)
		first := r.IntN(len(seatCats) - n)
		w.obj()
		w.kint("eventId", events[r.IntN(len(events))])
		w.kint("id", perfID)
		logo("logo", 0.44)
		w.knull("name")
		w.key("prices")
		w.arr()
		for i := range n {
			w.obj()
			w.kint("amount", int64(250*between(r, 40, 400)))
			w.kint("audienceSubCategoryId", audience)
			w.kint("seatCategoryId", seatCats[first+i])
			w.endObj()
		}
		w.endArr()
		w.key("seatCategories")
		w.arr()
		for i := range n {
			w.obj()
			w.key("areas")
			w.arr()
			for range pick(r, citmAreaCounts) {
				w.obj()
				w.kint("areaId", areas[r.IntN(len(areas))])
				w.key("blockIds")
				w.arr()
				w.endArr()
				w.endObj()
			}
			w.endArr()
			w.kint("seatCategoryId", seatCats[first+i])
			w.endObj()
		}
		w.endArr()
		w.knull("seatMapImage")
		w.kint("start", start)
		w.kstr("venueCode", venue[0])
		w.endObj()
	}
	w.endArr()

	w.key("seatCategoryNames")
	w.obj()
	for _, s := range seatCats {
		w.kstr(id(s), pick(r, citmSeatCats))
	}
	w.endObj()
	w.key("subTopicNames")
	w.obj()
	for i, s := range subTopics {
		w.kstr(id(s), citmGenres[i%len(citmGenres)])
	}
	w.endObj()
	w.key("subjectNames")
	w.obj()
	w.endObj()
	w.key("topicNames")
	w.obj()
	for i, t := range topics {
		w.kstr(id(t), citmTopics[i])
	}
	w.endObj()
	// Every sub-topic belongs to exactly one topic.
	w.key("topicSubTopics")
	w.obj()
	for i, t := range topics {
		w.key(id(t))
		w.arr()
		for j := i; j < len(subTopics); j += len(topics) {
			w.int(subTopics[j])
		}
		w.endArr()
	}
	w.endObj()
	w.key("venueNames")
	w.obj()
	w.kstr(venue[0], venue[1])
	w.endObj()
	w.endObj()
	return w.b
}
