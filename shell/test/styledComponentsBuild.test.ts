/** @jest-environment node */
import { transformSync, type Options } from '@swc/core';

// tools/webpack is plain CommonJS shared by every package's build
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { moduleRules } = require('../../tools/webpack/baseConfig') as {
  moduleRules: (isProd: boolean) => { use: { options: Options } }[];
};

const SOURCE = `import styled, { css } from 'styled-components';
export const Panel = styled.section<{ $gap: number }>\`
  display: flex;
  /* the gap comes from the caller */
  gap: \${({ $gap }) => $gap}px;

  &:hover {
    color: red;
  }
\`;
export const centred = css\`
  margin: 0 auto;
\`;
`;

/** The module as the build's swc-loader turns it out, production or development. */
function compile(isProd: boolean): string {
  const { options } = moduleRules(isProd)[0]!.use;
  return transformSync(SOURCE, { ...options, filename: 'Panel.tsx' }).code;
}

it('the production build ships styled-components CSS minified, and the components as pure', () => {
  const code = compile(true);
  expect(code).toContain('styled.section`display:flex;gap:${');
  expect(code).toContain('px;&:hover{color:red;}`');
  expect(code).toContain('css`margin:0 auto;`');
  expect(code).not.toContain('the gap comes from the caller');
  // unused ones can be dropped by the minifier
  expect(code).toMatch(/\/\*#__PURE__\*\/\s*styled\.section/);
  // no component ids or display names added: class names are made at run time as before
  expect(code).not.toContain('withConfig');
});

it('the development build keeps the CSS as written', () => {
  const code = compile(false);
  expect(code).toContain('/* the gap comes from the caller */');
  expect(code).toContain('\n  display: flex;\n');
});
