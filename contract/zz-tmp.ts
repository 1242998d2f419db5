import { ANSWERS, type ApiCategory, type ApiAnswers, type ApiEpisode, Id } from "./schemas"
const c: ApiCategory = { id: 1, title: null, images: [{ path: "/x" }], sub_categories: [{ id: 2 }] }
type E = ApiAnswers["seriesEpisodes"]
const e: ApiEpisode = { id: 1, path: "x", episode: 3, video_id: 5 }
export { c, e }
type T = ApiAnswers["video"]
const v: T = { player_embed_url: "x", uri: "y" }
