import { framePage } from '../../components/page-frame/FramePage';

/** /page/video/iframe: embedded video page. */
export default framePage('page.iframe', 'empty.iframe', 'page-video-iframe');
