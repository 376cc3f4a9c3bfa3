import { framePage } from '../../components/page-frame/FramePage';

/** /page/group/{token}: group page. */
export default framePage('page.group', 'empty.group', 'page-group');
