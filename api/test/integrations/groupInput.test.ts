import { parseRobloxGroupInput } from '../../src/integrations/roblox/groupInput';

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
    ['', /Enter a Roblox group ID/],
    ['   ', /Enter a Roblox group ID/],
    ['0', /positive whole number/],
    ['-5', /positive whole number/],
    ['12.5', /positive whole number/],
    ['12345678901234567890', /too long/],
    ['https://evil.example/groups/42', /not on roblox.com/],
    ['https://roblox.com.evil.example/groups/42', /not on roblox.com/],
    ['https://notroblox.com/groups/42', /not on roblox.com/],
    ['https://www.roblox.com/users/42/profile', /does not point to a group/],
    ['https://www.roblox.com/groups/abc', /does not point to a group/],
    ['https://www.roblox.com/groups/group.aspx?gid=abc', /does not point to a group/],
    ['ftp://www.roblox.com/groups/42', /Enter a Roblox group ID/],
    ['my group', /Enter a Roblox group ID/],
  ])('refuses %j with a clear message', (input, message) => {
    const result = parseRobloxGroupInput(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
