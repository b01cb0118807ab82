import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** The secondary 'Contact Us' button beside a public page's main call to action. */
export function ContactUsLink({ className }: { className?: string }) {
  return (
    <ButtonLink to={paths.contactUs} variant="secondary" className={className}>
      Contact Us
    </ButtonLink>
  );
}
