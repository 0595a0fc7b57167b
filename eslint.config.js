// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/**
 * Import boundaries (style guide §8.4), with ESLint's own `no-restricted-imports` so no resolver
 * is needed: the web app reaches its layers through the `@/` alias.
 */
const crossApp = (other) => ({
  group: [`**/apps/${other}/**`, `**/${other}/src/**`, `@selah/${other}`, `@selah/${other}/**`],
  message: 'apps/web and apps/server never import each other; share code through @selah/shared.',
});
const sharedLayers = {
  group: ['@/features/*', '@/features/**', '@/app/*', '@/app/**', '**/features/**', '**/app/**'],
  message:
    'api, components, hooks, lib, stores, config and testing may not import features or the app layer.',
};
const featureRule = {
  group: ['@/features/*', '@/features/**', '@/app/*', '@/app/**'],
  message:
    'A feature may not import another feature or the app layer; compose them in app/routes (use relative imports inside a feature). A read several features show lives in src/api/.',
};

/** sonner is loaded on demand (apps/web/src/lib/toast.ts): toast through that, not sonner. */
const webPaths = [
  {
    name: 'sonner',
    allowTypeImports: true,
    message: "Use `toast` from '@/lib/toast' (sonner is loaded on demand, out of the initial JS).",
  },
];

/**
 * One way to run work in a transaction (ADR 047): `transaction(db, async (tx) => ...)` from
 * apps/server/src/db/transaction.ts, whose `afterCommit` waits for the outermost commit.
 */
const oneTransactionWay = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    "Use `transaction(db, async (tx) => ...)` from db/transaction.ts (ADR 047), not Drizzle's `.transaction()`.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      'apps/web/public/**',
      // Classic ES5 scripts the build inlines into the pages (as public/ once held them).
      'apps/web/head/**',
      // React Router's generated route types.
      '**/.react-router/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.config.ts', 'packages/shared/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'node:*',
                'drizzle-orm',
                'drizzle-orm/*',
                'fastify',
                '@fastify/*',
                '**/apps/**',
              ],
              message: 'shared may import only zod',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': ['error', { paths: webPaths, patterns: [crossApp('server')] }],
    },
  },
  {
    // The one crossing, a type only: what the server gives route loaders (its services), in
    // the context token's type (docs/decisions/045).
    files: ['apps/web/src/app/page-context.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: webPaths }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ ...crossApp('server'), allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: webPaths, patterns: [crossApp('server'), featureRule] },
      ],
    },
  },
  {
    // What every feature may use. `api/` holds the reads several features show (the user's
    // journals, a journal, the dashboard statistics, the current user): one query key each
    // (ADR 065).
    files: ['apps/web/src/{api,components,hooks,lib,stores,config,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: webPaths, patterns: [crossApp('server'), sharedLayers] },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossApp('web')] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**',
      'apps/server/src/db/transaction.ts',
      // PGlite's own transaction, under Drizzle.
      'apps/server/src/db/pglite-guard.ts',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', oneTransactionWay] },
  },
  {
    // One access policy (ADR 036): outside modules/access, no module decides visibility from a
    // record's privacy flag or a profile setting; it asks the policy or uses its SQL conditions.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/access/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'IfStatement > MemberExpression.test',
          'IfStatement > UnaryExpression.test > MemberExpression',
          'IfStatement > LogicalExpression.test MemberExpression',
          'ConditionalExpression > MemberExpression.test',
          'ConditionalExpression > UnaryExpression.test > MemberExpression',
          'CallExpression[callee.name=/^(eq|ne)$/] > MemberExpression',
          'TaggedTemplateExpression[tag.name="sql"] MemberExpression',
        ].map((path) => ({
          selector: `${path}[property.name=/^(isPrivate|isPublic)$/]`,
          message:
            "Who may see what is the access policy's: use modules/access (access.sql.ts or AccessPolicy).",
        })),
        {
          selector:
            'TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/is_private|is_public|profileVisibility|prayer_shares|prayer_request_shares/]',
          message:
            "Visibility conditions come from modules/access/access.sql.ts, not from a module's own SQL.",
        },
        oneTransactionWay,
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
