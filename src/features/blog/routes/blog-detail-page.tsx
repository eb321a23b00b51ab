import { useParams } from 'react-router-dom';
import { page } from '../../../components/ui.css';
import { BlogArticle } from '../components/blog-article';

/** Blog Detail (/blog/blog-detail/{blogId}/). */
export function Component() {
  const { blogId } = useParams();
  return (
    <div className={page}>
      <BlogArticle blogId={blogId} showBackLink />
    </div>
  );
}
