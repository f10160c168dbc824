import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'tmp/', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: [
      'src/components/**/*.ts',
      'src/embed/**/*.ts',
      'test/components/**/*.ts',
      'test/embed/**/*.ts',
    ],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/components/**/*.ts', 'src/embed/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.mocha } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'API data is text: use Lit templates or textContent.' },
        { property: 'outerHTML', message: 'API data is text: use Lit templates or textContent.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'lit/directives/unsafe-html.js', message: 'No unsafeHTML of API data.' }],
        },
      ],
    },
  },
);
