/** MAX_UNCONFIRMED_REMOVAL_SHARE (docs/production.md) and the limit a run counts from it. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSettings } from '../../../src/config';
import { unconfirmedRemovalLimit } from '../../../src/domain/rules/removal-share';

const share = (value?: string) =>
  loadSettings({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roconnect-removal-share-')),
    ...(value === undefined ? {} : { MAX_UNCONFIRMED_REMOVAL_SHARE: value }),
  }).maxUnconfirmedRemovalShare;

describe('MAX_UNCONFIRMED_REMOVAL_SHARE', () => {
  it('is 10 (percent) unless set; 0 and 100 are allowed', () => {
    expect(share()).toBe(10);
    expect(share('')).toBe(10);
    expect(share('0')).toBe(0);
    expect(share('25')).toBe(25);
    expect(share('100')).toBe(100);
  });

  it.each([
    ['101', 'MAX_UNCONFIRMED_REMOVAL_SHARE must be between 0 and 100, got 101'],
    ['-5', 'MAX_UNCONFIRMED_REMOVAL_SHARE must be a whole number, got "-5"'],
    ['2.5', 'MAX_UNCONFIRMED_REMOVAL_SHARE must be a whole number, got "2.5"'],
    ['10%', 'MAX_UNCONFIRMED_REMOVAL_SHARE must be a whole number, got "10%"'],
    ['ten', 'MAX_UNCONFIRMED_REMOVAL_SHARE must be a whole number, got "ten"'],
  ])('refuses %j, naming the setting', (value, message) => {
    expect(() => share(value)).toThrow(message);
  });
});

describe('the kicks and bans a run may make unasked', () => {
  it('is the share of the members, rounded down', () => {
    expect(unconfirmedRemovalLimit(41, 10)).toBe(4);
    expect(unconfirmedRemovalLimit(10_000, 10)).toBe(1000);
    expect(unconfirmedRemovalLimit(999, 1)).toBe(9);
    expect(unconfirmedRemovalLimit(200, 100)).toBe(200);
  });

  it('is at least 3, so a small server is not asked about each one', () => {
    expect(unconfirmedRemovalLimit(12, 10)).toBe(3);
    expect(unconfirmedRemovalLimit(0, 10)).toBe(3);
  });

  it('is 0 with a share of 0: every kick and ban waits for the owner', () => {
    expect(unconfirmedRemovalLimit(100_000, 0)).toBe(0);
  });
});
