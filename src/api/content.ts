import { contentCalls } from '../../types/api/content';
import { call } from './call';

/** A rich content block by hash (cleaned HTML). */
export const fetchContent = (hash: string) => call(contentCalls.get, { params: { hash } });
