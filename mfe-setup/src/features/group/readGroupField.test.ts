import { readGroupField } from './readGroupField';

it('sends an id as group_id and a roblox.com link as typed', () => {
  expect(readGroupField(' 4000001 ', 'Empty.')).toEqual({ body: { group_id: '4000001' } });
  expect(readGroupField('www.roblox.com/es/communities/4000001/x', 'Empty.')).toEqual({
    body: { group_url: 'www.roblox.com/es/communities/4000001/x' },
  });
});

it('says the form’s sentence for an empty field and the parser’s for a text that is no group', () => {
  expect(readGroupField('   ', 'Empty.')).toEqual({ error: 'Empty.' });
  expect(readGroupField('https://example.test/groups/4000001', 'Empty.')).toEqual({
    error: expect.stringMatching(/^That link is not on roblox\.com\./),
  });
  expect(readGroupField('0', 'Empty.')).toEqual({
    error: 'A Roblox group ID is a positive whole number.',
  });
});
