import { useParams } from 'react-router-dom';
import { BlogArticle } from '../components/blog-article';
import * as css from '../blog.css';

/** The post for the mobile apps' web view (/blog/blog-detail-mobile/{blogId}/{blogTitle}): no site chrome. */
export function Component() {
  const { blogId } = useParams();
  return (
    <div className={css.mobile}>
      <BlogArticle blogId={blogId} showBackLink={false} />
    </div>
  );
}
