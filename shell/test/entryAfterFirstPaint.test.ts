interface EntryAfterFirstPaintModule {
  entryAfterFirstPaint(html: string, nonce: string, hints: { href: string; as: string }[]): string;
}
const loadEntryLoader = async () =>
  (await import('../server/entryAfterFirstPaint' as string)) as EntryAfterFirstPaintModule;

const PAGE =
  '<html><head><script nonce="n0nce" defer src=/main.js></script></head>' +
  '<body><div id=root></div></body></html>';

describe("entryAfterFirstPaint (a prerendered page's scripts come after its paint)", () => {
  it('cannot be made to close its loader by a hint from a remote’s manifest', async () => {
    const { entryAfterFirstPaint } = await loadEntryLoader();
    const attack = 'https://remote.example/x.js</script><script>alert(1)</script>';
    const page = entryAfterFirstPaint(PAGE, 'n0nce', [{ href: attack, as: 'script' }]);
    // one script element in all, the loader, and the hostile href stays inside its JSON
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const plan = /\)\((\{.*\})\)<\/script><\/body>/.exec(page)?.[1];
    expect(JSON.parse(plan ?? 'null')).toEqual({
      hints: [{ href: attack, as: 'script' }],
      entry: ['/main.js'],
    });
  });

  it('takes the entry tag out of the head and puts the loader, with the nonce, before </body>', async () => {
    const { entryAfterFirstPaint } = await loadEntryLoader();
    const page = entryAfterFirstPaint(PAGE, 'n0nce', []);
    expect(page).toContain('<head></head>');
    expect(page).toMatch(/<div id=root><\/div><script nonce="n0nce">\([\s\S]*\)<\/script><\/body>/);
  });
});
