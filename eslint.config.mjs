import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import rules (a feature importing another, a remote importing the host entry, circles…) are
// dependency-cruiser's, in .dependency-cruiser.cjs: one mechanism for them all.
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['e2e/**', 'api/**', 'emulator/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Every API call of the web app goes through the query layer (shared-lib/src/query): a write
    // is a mutation, useApiMutation({ call }), whose isPending is the screen's busy state; a read
    // is a query's queryFn. A call made by hand, or a busy flag kept by hand, fails here. The
    // screens in the landing's script (the login, the shell's signed-in header) keep React Query
    // out (docs/performance.md › Size budgets): theirs is useApiAction({ call }), the same options
    // and result without a cache. mfe-public's other pages make no write; the landing's one read
    // (the bot counts) is outside the rule.
    files: [
      'mfe-accounts/src/**/*.{ts,tsx}',
      'mfe-servers/src/**/*.{ts,tsx}',
      'mfe-setup/src/**/*.{ts,tsx}',
      'mfe-public/src/parcels/Login/**/*.{ts,tsx}',
      'shell/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.type='MemberExpression']:matches([callee.object.object.name='api'], [callee.object.name=/^[a-z]\\w*Api$/]):not(Property[key.name=/^(call|queryFn)$/] *)`,
          message:
            "Call the API through the query layer: a write in useApiMutation({ call }) (useApiAction in the landing's script), a read in a query's queryFn (shared-lib/src/query).",
        },
        {
          selector: "CallExpression[callee.name='httpClient']",
          message:
            'Call the API through the query layer (shared-lib/src/query), not the HTTP client.',
        },
        {
          selector: `VariableDeclarator[init.callee.name='useState'] > ArrayPattern > Identifier:first-child[name=/^(busy|saving|pending|loading|starting|creating|exporting|unlinking|syncing|submitting|deleting|sending|posting|checking|cancelling|loggingOut)$|Busy$/]`,
          message:
            "A call's busy state is its mutation's isPending (useApiMutation, or useApiAction), not a flag kept by hand.",
        },
        {
          selector:
            'TryStatement > BlockStatement.finalizer CallExpression[callee.name=/^set[A-Z]/]',
          message:
            "A call's busy state is its mutation's isPending (useApiMutation, or useApiAction), not a flag reset by hand.",
        },
      ],
    },
  },
  {
    // Tests read untyped JSON (OpenAPI documents, emulator state) and say so.
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
