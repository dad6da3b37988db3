package datasets

import (
	"math/rand/v2"
	"time"
)

func init() {
	register("github", 55528,
		"GitHub API page of 30 public gists: URL-heavy ASCII strings, 2-space pretty-printed", genGitHub)
}

var (
	ghWords = []string{"build", "log", "test", "results", "package", "config", "error", "with", "the", "for", "script", "output", "gist", "river", "notes", "snippet", "deploy", "passed", "failed", "v1.10.1", "agent", "portable", "description", "this", "example", "data"}
	ghFiles = [][3]string{
		{".py", "application/x-python", "Python"}, {".js", "application/javascript", "JavaScript"},
		{".sh", "application/x-sh", "Shell"}, {".md", "text/markdown", "Markdown"},
		{".log", "text/plain", ""}, {".json", "application/json", "JSON"},
		{".txt", "text/plain", "Text"}, {".html", "text/html", "HTML"},
	}
)

func genGitHub(seed int64) []byte {
	r := newRand(seed, "github")
	w := newWriter(style{indent: "  ", colon: ": "}, 55528)
	created := time.Date(2017, 5, 15, 20, 23, 46, 0, time.UTC)
	w.arr()
	for range 30 {
		id := randString(r, lowerHex, 32)
		api := "https://api.github.com/gists/" + id
		var login string
		hasOwner := chance(r, 0.6)
		if hasOwner {
			login = randString(r, alnum, between(r, 4, 14))
		}
		w.obj()
		w.kstr("url", api)
		w.kstr("forks_url", api+"/forks")
		w.kstr("commits_url", api+"/commits")
		w.kstr("id", id)
		w.kstr("git_pull_url", "https://gist.github.com/"+id+".git")
		w.kstr("git_push_url", "https://gist.github.com/"+id+".git")
		w.kstr("html_url", "https://gist.github.com/"+id)
		w.key("files")
		w.obj()
		nFiles := 1
		if chance(r, 0.04) {
			nFiles = between(r, 2, 5)
		}
		for range nFiles {
			writeGistFile(w, r, id, login)
		}
		w.endObj()
		w.kbool("public", true)
		created = created.Add(-time.Duration(between(r, 1, 30)) * time.Second)
		stamp := created.Format(time.RFC3339)
		w.kstr("created_at", stamp)
		w.kstr("updated_at", stamp)
		w.kstrOrNull("description", !chance(r, 0.04), words(r, ghWords, between(r, 0, 45)))
		w.kint("comments", int64(r.IntN(2)))
		w.knull("user")
		w.kstr("comments_url", api+"/comments")
		if hasOwner {
			writeGistOwner(w, r, login)
		}
		w.kbool("truncated", false)
		w.endObj()
	}
	w.endArr()
	w.b = append(w.b, '\n')
	return w.b
}

func writeGistFile(w *writer, r *rand.Rand, id, login string) {
	kind := pick(r, ghFiles)
	name := words(r, ghWords, between(r, 1, 14))
	for i := range []byte(name) {
		if name[i] == ' ' {
			name = name[:i] + "-" + name[i+1:]
		}
	}
	name += kind[0]
	owner := login
	if owner == "" {
		owner = "anonymous"
	}
	w.key(name)
	w.obj()
	w.kstr("filename", name)
	w.kstr("type", kind[1])
	w.kstrOrNull("language", kind[2] != "", kind[2])
	w.kstr("raw_url", "https://gist.githubusercontent.com/"+owner+"/"+id+"/raw/"+randString(r, lowerHex, 40)+"/"+name)
	w.kint("size", int64(between(r, 50, 20000)))
	w.endObj()
}

func writeGistOwner(w *writer, r *rand.Rand, login string) {
	uid := digits(r, 8)
	users := "https://api.github.com/users/" + login
	w.key("owner")
	w.obj()
	w.kstr("login", login)
	w.kint("id", uid)
	w.kstr("avatar_url", "https://avatars"+string(rune('0'+between(r, 0, 3)))+".githubusercontent.com/u/"+itoa(uid)+"?v=3")
	w.kstr("gravatar_id", "")
	w.kstr("url", users)
	w.kstr("html_url", "https://github.com/"+login)
	w.kstr("followers_url", users+"/followers")
	w.kstr("following_url", users+"/following{/other_user}")
	w.kstr("gists_url", users+"/gists{/gist_id}")
	w.kstr("starred_url", users+"/starred{/owner}{/repo}")
	w.kstr("subscriptions_url", users+"/subscriptions")
	w.kstr("organizations_url", users+"/orgs")
	w.kstr("repos_url", users+"/repos")
	w.kstr("events_url", users+"/events{/privacy}")
	w.kstr("received_events_url", users+"/received_events")
	w.kstr("type", "User")
	w.kbool("site_admin", false)
	w.endObj()
}
