import { groupCalls, type Group } from '../../types/api/groups';
import { call } from './call';

/** A group's shared album by its token. */
export const fetchGroup = (token: string): Promise<Group> => call(groupCalls.show, { params: { token } });
