import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { JobLogTable } from '../../../../ui/log-list/JobLogTable';

/** The dispatch log (SPEC §2 /boot/admin/monitor/log/job); `?jobId=` narrows it to one job. */
export default function JobLogPage() {
  const [params] = useSearchParams();
  const jobId = Number(params.get('jobId'));
  return (
    <Card data-testid="job-log-page">
      <JobLogTable {...(Number.isInteger(jobId) && jobId > 0 ? { jobId } : {})} />
    </Card>
  );
}
