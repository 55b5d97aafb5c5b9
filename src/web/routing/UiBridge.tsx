import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { connectUi } from '../providers/uiBridge';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/** Lends the HTTP client the router's navigation and, once needed, antd's notifications. */
export function UiBridge() {
  const navigate = useNavigate();
  const [feedbackWanted, setFeedbackWanted] = useState(false);
  const requestFeedback = useCallback(() => setFeedbackWanted(true), []);

  useEffect(
    () => connectUi({ navigate: (to) => void navigate(to), requestFeedback }),
    [navigate, requestFeedback],
  );

  return feedbackWanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}
