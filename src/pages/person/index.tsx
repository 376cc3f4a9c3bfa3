import { framePage } from '../../components/page-frame/FramePage';

/** /page/person/{link_id}/{personid}/{openid}: a followed person's album (content: face issue). */
export default framePage('page.person', 'empty.person', 'page-person');
