/**
 * What every API process the bench starts reads about where it is: its own address, the emulator
 * it talks to (for the server and for browsers alike), and secrets made for this run alone.
 */
import { randomBytes } from 'node:crypto';

export function apiAddressesAndSecrets({ apiUrl, emulatorUrl }) {
  return {
    API_URL: apiUrl,
    EMULATOR_URL: emulatorUrl,
    EMULATOR_PUBLIC_URL: emulatorUrl,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
}
