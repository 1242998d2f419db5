import styled, { keyframes } from "styled-components"

const shimmer = keyframes`
  from { background-position: 150% 0; }
  to { background-position: -50% 0; }
`

/** SPEC.md's loading placeholder: a shimmering block, 400x400 for a card. */
export const Skeleton = styled.div.attrs({ "aria-hidden": true })<{ $width?: string; $height?: string }>`
  width: ${({ $width }) => $width ?? "100%"};
  max-width: ${({ $width }) => ($width ? "none" : "400px")};
  height: ${({ $height }) => $height ?? "auto"};
  aspect-ratio: ${({ $height }) => ($height ? "auto" : "1")};
  border-radius: ${({ theme }) => theme.radii.card};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.skeleton} 25%,
    ${({ theme }) => theme.colors.skeletonShine} 50%,
    ${({ theme }) => theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`
