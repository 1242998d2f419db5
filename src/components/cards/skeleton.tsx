import styled, { keyframes } from "styled-components"
import { theme } from "../../styles/theme"

const shimmer = keyframes`
  from { background-position: 150% 0; }
  to { background-position: -50% 0; }
`

/**
 * docs/reference/spec.md's loading placeholder: a shimmering block, sized as what will
 * replace it (a height, or an aspect ratio of its width), so nothing moves
 * when the real thing arrives.
 */
export const Skeleton = styled.div.attrs({ "aria-hidden": true })<{ $height?: string; $aspectRatio?: number }>`
  width: 100%;
  height: ${({ $height }) => $height ?? "auto"};
  aspect-ratio: ${({ $aspectRatio }) => $aspectRatio ?? "auto"};
  border-radius: ${theme.radii.card};
  background: linear-gradient(
    90deg,
    ${theme.colors.skeleton} 25%,
    ${theme.colors.skeletonShine} 50%,
    ${theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`
