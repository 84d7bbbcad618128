export * from './theme';
export * from './GlobalStyle';
