import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "node_modules/",
      "worker-configuration.d.ts",
      "public/",
      "test-results/",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    plugins: { react, "react-hooks": reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.worker },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports" },
      ],
      // React event props ignore what a handler returns; an async handler there is the idiom, not a lost promise.
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      // Remix loaders and actions throw responses (redirects, 404s) by design.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            {
              from: "package",
              package: "@remix-run/server-runtime",
              name: "TypedResponse",
            },
            {
              from: "package",
              package: "@cloudflare/workers-types",
              name: "Response",
            },
          ],
        },
      ],
    },
  },
  {
    // Game rules replay on the server to the same bits as in any browser (ADR 014): only operations IEEE 754 rounds
    // exactly; games/shared/trig.ts has the sine, cosine and atan2 they may use.
    files: [
      "games/*/{sim,deal,course,layout}.ts",
      "games/shared/{sim,rng,round,trig,bounded,input-log,dealer}.ts",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        ...[
          "sin",
          "cos",
          "tan",
          "asin",
          "acos",
          "atan",
          "atan2",
          "sinh",
          "cosh",
          "tanh",
          "asinh",
          "acosh",
          "atanh",
          "hypot",
          "pow",
          "exp",
          "expm1",
          "log",
          "log1p",
          "log2",
          "log10",
          "cbrt",
          "random",
        ].map((property) => ({
          object: "Math",
          property,
          message:
            "Game rules must replay bit-exactly in every engine: use games/shared/trig.ts, Math.sqrt or + - * / (ADR 014).",
        })),
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "BinaryExpression[operator='**']:not([left.type='Literal'][right.type='Literal'])",
          message:
            "Game rules must replay bit-exactly in every engine: write x * x, not x ** 2 (ADR 014).",
        },
        {
          selector: "AssignmentExpression[operator='**=']",
          message:
            "Game rules must replay bit-exactly in every engine: write x * x, not x ** 2 (ADR 014).",
        },
      ],
    },
  },
  {
    // The size budget for shipped code (issue #32). 150 lines is what one concern takes: the largest service use case,
    // React component or game step we have that still reads top to bottom without scrolling back. 500 lines per file
    // keeps a module to one subject; the schema and the games' course data were the only files near it. Counted
    // without blank lines and comments, so explaining code never costs budget. A factory counts every method it
    // returns, so services are built from module-level use cases, not one closure.
    files: [
      "app/**/*.{ts,tsx}",
      "workers/**/*.ts",
      "contract/**/*.ts",
      "games/**/*.ts",
    ],
    ignores: ["**/*.test.{ts,tsx}", "**/*.d.ts"],
    rules: {
      "max-lines-per-function": [
        "error",
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
      "max-lines": [
        "error",
        { max: 500, skipBlankLines: true, skipComments: true },
      ],
    },
  },
  {
    // Test fakes stand in for async APIs and keep their signatures even when they answer at once.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.ts"],
    rules: { "@typescript-eslint/require-await": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
