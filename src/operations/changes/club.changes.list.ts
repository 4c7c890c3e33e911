import { changesList } from './feed.js';

export const clubChangesList = changesList('club');
