import { changesList } from './feed.js';

export default changesList('club');
