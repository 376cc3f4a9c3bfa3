import { fetchGroup } from '../../api/groups';
import { GroupStore } from './GroupStore';

/** The group page's own store (the page holds it with useState). */
export const createGroupStore = () => new GroupStore(fetchGroup);
