// A real Strapi of integrations/strapi, seeded with the reference server's
// sample catalogue, for one test: its own port on 127.0.0.1, its own copy
// of a seeded database and uploads, stopped by its own pid. The same
// Strapi the benchmarks start (scripts/strapi/seeded.ts).

export { startSeededStrapi as startStrapi, type SeededStrapi, type SeededStrapiOptions as StrapiOptions } from "../../scripts/strapi/seeded"
