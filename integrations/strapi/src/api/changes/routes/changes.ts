// GET /api/changes of catalogue-api.md: public like the catalogue's other
// reads (the draft view checks its own token); the answer is computed in
// src/catalogue/changes.
export default {
  routes: [
    {
      method: "GET",
      path: "/changes",
      handler: "api::changes.changes.feed",
      config: { auth: false },
    },
  ],
}
