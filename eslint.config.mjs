// The project's one ESLint configuration (flat config), run by `npm run lint` and `npm test`.
import js from "@eslint/js"
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    // Build outputs, caches, installed packages and scratch files: nobody writes these by hand.
    ignores: [
      "**/node_modules/**",
      "public/**",
      ".cache/**",
      "coverage/**",
      "reports/**",
      "cms/data/**",
      "publisher/data/**",
      "integrations/strapi/dist/**",
      "integrations/strapi/build/**",
      "integrations/strapi/public/**",
      "integrations/strapi/.strapi/**",
      "integrations/strapi/.tmp/**",
      "**/*.tmp.ts",
      // Written by Gatsby's type generation on every build.
      "src/gatsby-types.d.ts",
    ],
  },
  {
    linterOptions: {
      // A disable comment that no longer silences anything is itself a finding.
      reportUnusedDisableDirectives: "error",
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Every disable comment names the rule it silences and says why (`-- reason`).
    ...comments.recommended,
    rules: {
      ...comments.recommended.rules,
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: ["eslint-enable"] }],
      "@eslint-community/eslint-comments/no-unlimited-disable": "error",
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // A leading underscore marks a name kept on purpose (a callback's position, a field taken out of a rest).
      // A timer or child declared before the closures that clear it, and assigned once after them.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // The few CommonJS files: Jest's setup, its configuration and the plugins' main files.
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { ...globals.node, ...globals.jest },
    },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    // React code: the site, its components' tests and Gatsby's browser and server entry points. The
    // browser tests' `useBrowser` and the publisher's `useReleases` only share the `use` prefix.
    files: ["src/**/*.{ts,tsx}", "**/*.tsx"],
    ignores: ["__tests__/browser/**/*.test.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
)
