import { fillPath, SERVER_ROUTES } from './apiRoutes';
import { API_PATHS } from './paths';

describe('fillPath', () => {
  it('fills each :name with its value, encoded', () => {
    expect(fillPath(SERVER_ROUTES.config.path, { id: '123' })).toBe('/api/v1/server/123/config');
    expect(fillPath('/a/:id/b/:jobId', { id: 'x/y', jobId: 'j k' })).toBe('/a/x%2Fy/b/j%20k');
  });

  it('refuses a pattern whose parameter has no value', () => {
    expect(() => fillPath('/a/:id', {} as { id: string })).toThrow('/a/:id needs :id');
  });
});

describe('API_PATHS', () => {
  it('builds the client’s paths from the route table', () => {
    expect(API_PATHS.me).toBe('/auth/me');
    expect(API_PATHS.serverConfig('1')).toBe('/api/v1/server/1/config');
    expect(API_PATHS.linkedAccount('a/b')).toBe('/api/v1/dashboard/user/linked-account/a%2Fb');
    expect(API_PATHS.membersUpdateJob('1', 'j')).toBe('/api/v1/server/1/members/update/j');
  });
});
