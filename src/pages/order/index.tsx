import { framePage } from '../../components/page-frame/FramePage';

/** /page/order/{link_id}: the order or preorder page (content: payment issue). */
export default framePage('page.order', 'empty.order', 'page-order');
