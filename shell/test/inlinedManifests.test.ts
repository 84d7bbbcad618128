import { inlinedManifestsPlugin } from '../src/features/remotes/inlinedManifests';

const URL_A = 'http://localhost:3002/mf-manifest.json';
const MANIFEST = { metaData: { name: 'mfe_accounts' }, exposes: [] };

type Fetch = (url: string) => Promise<Response> | void;
const fetchOf = (plugin: ReturnType<typeof inlinedManifestsPlugin>) =>
  (plugin as unknown as { fetch: Fetch }).fetch;

describe('inlinedManifestsPlugin', () => {
  it('answers an inlined manifest from the page once, then leaves it to the network', async () => {
    const fetch = fetchOf(inlinedManifestsPlugin({ [URL_A]: MANIFEST }));
    const answer = await fetch(URL_A);
    expect(answer).toBeInstanceOf(Response);
    expect(await (answer as Response).json()).toEqual(MANIFEST);
    // a retry after a failed load asks the network again
    expect(fetch(URL_A)).toBeUndefined();
  });

  it('leaves every other URL, and anything that is not a manifest object, to the network', () => {
    const fetch = fetchOf(inlinedManifestsPlugin({ [URL_A]: 'not a manifest', other: null }));
    expect(fetch('http://localhost:3003/mf-manifest.json')).toBeUndefined();
    expect(fetch(URL_A)).toBeUndefined();
    expect(fetchOf(inlinedManifestsPlugin(['x']))(URL_A)).toBeUndefined();
    expect(fetchOf(inlinedManifestsPlugin(undefined))(URL_A)).toBeUndefined();
  });
});
