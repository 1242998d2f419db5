// Gatsby needs a main file in every plugin; the APIs live in gatsby-node.ts and browser.ts (wired by the site).
