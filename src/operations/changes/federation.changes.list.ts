import { changesList } from './feed.js';

export const federationChangesList = changesList('federation');
