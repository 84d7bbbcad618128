import axios, { type AxiosInstance } from 'axios';
import { TIMEOUTS } from '../constants';
import { getRuntimeConfig, onRuntimeConfigChange } from '../config/runtimeConfig';
import { tokenStorage } from '../session/tokenStorage';

function createClient(timeout: number): AxiosInstance {
  const client = axios.create({
    baseURL: getRuntimeConfig().apiBaseUrl,
    timeout,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });
  client.interceptors.request.use((request) => {
    const token = tokenStorage.getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  return client;
}

/** Standard client (10 s) for every call but group setup/edit. */
export const apiClient = createClient(TIMEOUTS.standardMs);
/** Long client (120 s) for group setup and group edit. */
export const longApiClient = createClient(TIMEOUTS.longMs);
export const httpClients: readonly AxiosInstance[] = [apiClient, longApiClient];

onRuntimeConfigChange(({ apiBaseUrl }) => {
  httpClients.forEach((client) => {
    client.defaults.baseURL = apiBaseUrl;
  });
});
