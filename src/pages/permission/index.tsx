import { framePage } from '../../components/page-frame/FramePage';

/** /page/permission/{id}: password and phone gates (content: payment and gated pages issue). */
export default framePage('page.permission', 'empty.permission', 'page-permission');
