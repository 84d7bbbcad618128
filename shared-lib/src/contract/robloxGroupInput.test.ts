import { parseRobloxGroupInput, robloxGroupRequest } from './robloxGroupInput';

describe('parseRobloxGroupInput', () => {
  it.each([
    ['7001', '7001'],
    ['  35000 ', '35000'],
    ['007', '7'],
    ['https://www.roblox.com/groups/1234567/Cool-Group', '1234567'],
    ['https://www.roblox.com/groups/1234567', '1234567'],
    ['https://www.roblox.com/groups/1234567/', '1234567'],
    ['https://www.roblox.com/communities/1234567/Cool-Group#!/about', '1234567'],
    ['https://roblox.com/communities/42/x?tab=about', '42'],
    ['http://web.roblox.com/groups/42/name', '42'],
    ['https://www.roblox.com/es/communities/42/nombre', '42'],
    ['https://www.roblox.com/pt-br/groups/42/nome', '42'],
    ['www.roblox.com/communities/42/no-scheme', '42'],
    ['roblox.com/groups/42', '42'],
    ['https://www.roblox.com/groups/group.aspx?gid=987', '987'],
    ['https://www.roblox.com/Groups/Group.aspx?gid=987&hl=en', '987'],
    ['HTTPS://WWW.ROBLOX.COM/COMMUNITIES/55/LOUD', '55'],
  ])('reads %j as group %s', (input, id) => {
    expect(parseRobloxGroupInput(input)).toEqual({ ok: true, groupId: id });
  });

  it.each([
    ['', 'empty', /Enter a Roblox group ID/],
    ['   ', 'empty', /Enter a Roblox group ID/],
    ['0', 'not_a_whole_number', /positive whole number/],
    ['-5', 'not_a_whole_number', /positive whole number/],
    ['12.5', 'not_a_whole_number', /positive whole number/],
    ['12345678901234567890', 'too_long', /too long/],
    ['https://evil.example/groups/42', 'not_on_roblox', /not on roblox.com/],
    ['https://roblox.com.evil.example/groups/42', 'not_on_roblox', /not on roblox.com/],
    ['https://notroblox.com/groups/42', 'not_on_roblox', /not on roblox.com/],
    ['https://evil.example/roblox.com/groups/42', 'not_on_roblox', /not on roblox.com/],
    ['https://www.roblox.com/users/42/profile', 'not_a_group_link', /does not point to a group/],
    ['https://www.roblox.com/groups/abc', 'not_a_group_link', /does not point to a group/],
    [
      'https://www.roblox.com/groups/group.aspx?gid=abc',
      'not_a_group_link',
      /does not point to a group/,
    ],
    ['ftp://www.roblox.com/groups/42', 'unreadable', /Enter a Roblox group ID/],
    ['my group', 'unreadable', /Enter a Roblox group ID/],
  ])('refuses %j (%s) with a clear message', (input, problem, message) => {
    const result = parseRobloxGroupInput(input);
    expect(result).toMatchObject({ ok: false, problem });
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('robloxGroupRequest', () => {
  it('sends an id as group_id and a link as typed as group_url', () => {
    expect(robloxGroupRequest(' 0042 ')).toEqual({ ok: true, body: { group_id: '42' } });
    expect(robloxGroupRequest(' roblox.com/groups/42/x ')).toEqual({
      ok: true,
      body: { group_url: 'roblox.com/groups/42/x' },
    });
  });

  it('answers the parser’s refusal for a text that is not a group', () => {
    expect(robloxGroupRequest('https://example.test/groups/42')).toMatchObject({
      ok: false,
      problem: 'not_on_roblox',
    });
  });
});
