import { framePage } from '../../components/page-frame/FramePage';

/** /page/share/{openid}/{ids}: image share page (content: sharing issue). */
export default framePage('page.share', 'empty.share', 'page-share');
