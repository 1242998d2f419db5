/**
 * Evaluates every page module of the site, in a fixed order, when the HTML
 * renderer starts (imported by gatsby-ssr only).
 *
 * Why: styled-components numbers each styled component's rule group when its
 * module is evaluated (`ComponentStyle`'s constructor calls
 * `StyleSheet.registerId`), and a page's `<style>` lists its rules in group
 * order, with the numbers in `data-styled.gN`. Gatsby's renderer evaluates a
 * template on the first render that needs it, so the numbers, and the order of
 * a page's rules, depended on which pages that process rendered first: a warm
 * build that renders a dozen changed pages wrote the same rules as a cold build
 * in another order. With every page module evaluated here first, each process
 * numbers the groups alike, and a warm build writes a cold build's bytes.
 * The browser adopts the server's numbers when it reads the style tag, so
 * nothing changes there.
 */
import "../pages/404"
import "../pages/index"
import "../pages/my-list"
import "../pages/search-results"
import "../pages/thank-you"
import "../templates/category"
import "../templates/episode"
import "../templates/series"
import "../templates/subcategory"
