import { Link } from 'react-router-dom';
import type { InfluencerProject } from '@lipcast/contracts';
import { buttonVariants } from '@lipcast/ui';
import { handInfluencerToWizard, influencerName, influencerVideo } from '@lipcast/web-kit';

/**
 * Its owner gives an influencer a voice in the wizard whether or not it is published (issue 37),
 * under its one name; one removed by an operator cannot be used in new videos.
 */
export function OpenInWizard({ project }: { project: InfluencerProject }) {
  if (!project.outputUrl || project.moderation.state === 'removed') return null;
  return (
    <Link to="/" className={buttonVariants({ size: 'sm' })} aria-label={`Open in the wizard: ${influencerName(project)}`} onClick={() => handInfluencerToWizard(influencerVideo(project))}>
      Open in the wizard
    </Link>
  );
}
