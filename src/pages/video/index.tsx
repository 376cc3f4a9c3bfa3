import { framePage } from '../../components/page-frame/FramePage';

/** /g/{link_id}/video/{video_id}: video page inside a gallery (content: video components). */
export default framePage('page.video', 'empty.video', 'page-video');
