// Bundled for Node by prerender.mjs: the landing's first view as the browser shows it before any
// script has answered (session not checked yet, bot counts at 0), with its styles.
import { renderToStaticMarkup } from 'react-dom/server';
import { ServerStyleSheet, StyleSheetManager, ThemeProvider } from 'styled-components';
import { GlobalStyle, theme } from '@roconnect/shared-lib';
import { Landing } from '../src/parcels/Landing/Landing';

export function renderLanding(): { html: string; css: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToStaticMarkup(
      <StyleSheetManager sheet={sheet.instance}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {/* defineParcel's wrapper, under another name: tests wait for the real parcel's */}
          <div data-prerendered-parcel="mfe_public/Landing" style={{ display: 'contents' }}>
            <Landing />
          </div>
        </ThemeProvider>
      </StyleSheetManager>,
    );
    return { html, css: sheet.instance.toString() };
  } finally {
    sheet.seal();
  }
}
