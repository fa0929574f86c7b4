import { Link } from 'react-router';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`flex items-center gap-2 font-bold tracking-tight ${className}`} aria-label="GradeVault home">
      <svg aria-hidden viewBox="0 0 32 32" className="size-7">
        <rect x="6" y="2" width="20" height="28" rx="3" fill="#4338ca" />
        <rect x="9" y="5" width="14" height="22" rx="2" fill="none" stroke="#fbbf24" strokeWidth="2" />
        <path d="M12 17l3 3 6-7" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="text-lg">
        Grade<span className="text-brand-700">Vault</span>
      </span>
    </Link>
  );
}
