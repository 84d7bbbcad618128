import { groupInputToRequest } from './endpoints';

describe('groupInputToRequest (spec §5)', () => {
  it.each([
    [
      'https://www.roblox.com/groups/123/Name',
      { group_url: 'https://www.roblox.com/groups/123/Name' },
    ],
    ['http://example.test/g/5', { group_url: 'http://example.test/g/5' }],
    ['roblox.com/communities/77', { group_url: 'roblox.com/communities/77' }],
    ['  www.ROBLOX.com/groups/9 ', { group_url: 'www.ROBLOX.com/groups/9' }],
    ['12345', { group_id: '12345' }],
    [' 987 ', { group_id: '987' }],
  ])('%j → %j', (input, expected) => {
    expect(groupInputToRequest(input)).toEqual(expected);
  });
});
