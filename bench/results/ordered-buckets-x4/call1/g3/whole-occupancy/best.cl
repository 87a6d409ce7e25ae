/* bnbtune candidate of kernel mxm (M=1024, N=1024, K=1024)
 * local size 32 x 1 x 1, 32 x 32 x 1 groups
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(T1)=32
 *   tile(T2)=1
 *   tile(TK)=32
 *   kind(m.0)=block
 *   kind(n.0)=block
 *   kind(m.1@acc)=thread.x
 *   kind(m.2@acc)=elided
 *   kind(n.1@acc)=unroll
 *   kind(n.2@acc)=elided
 *   kind(k.0)=loop
 *   kind(m.1@a)=loop
 *   kind(m.2@a)=elided
 *   kind(k.1@a)=thread.x
 *   kind(k.1@b)=loop
 *   kind(n.1@b)=thread.x
 *   kind(n.2@b)=elided
 *   kind(m.1@acc.upd)=thread.x
 *   kind(m.2@acc.upd)=elided
 *   kind(n.1@acc.upd)=unroll
 *   kind(n.2@acc.upd)=elided
 *   kind(k.1@acc.upd)=loop
 *   kind(m.1@st.C)=thread.x
 *   kind(m.2@st.C)=elided
 *   kind(n.1@st.C)=unroll
 *   kind(n.2@st.C)=elided
 *   mem(acc)=private
 *   mem(a)=local
 *   mem(b)=local
 *   order(m.0,n.0)=inside
 *   order(m.0,m.1@acc)=outside
 *   order(m.0,n.1@acc)=outside
 *   order(m.0,k.0)=outside
 *   order(m.0,m.1@a)=outside
 *   order(m.0,k.1@a)=outside
 *   order(m.0,k.1@b)=outside
 *   order(m.0,n.1@b)=outside
 *   order(m.0,m.1@acc.upd)=outside
 *   order(m.0,n.1@acc.upd)=outside
 *   order(m.0,k.1@acc.upd)=outside
 *   order(m.0,m.1@st.C)=outside
 *   order(m.0,n.1@st.C)=outside
 *   order(m.0,acc)=outside
 *   order(m.0,a)=outside
 *   order(m.0,b)=outside
 *   order(m.0,acc.upd)=outside
 *   order(m.0,st.C)=outside
 *   order(n.0,m.1@acc)=outside
 *   order(n.0,n.1@acc)=outside
 *   order(n.0,k.0)=outside
 *   order(n.0,m.1@a)=outside
 *   order(n.0,k.1@a)=outside
 *   order(n.0,k.1@b)=outside
 *   order(n.0,n.1@b)=outside
 *   order(n.0,m.1@acc.upd)=outside
 *   order(n.0,n.1@acc.upd)=outside
 *   order(n.0,k.1@acc.upd)=outside
 *   order(n.0,m.1@st.C)=outside
 *   order(n.0,n.1@st.C)=outside
 *   order(n.0,acc)=outside
 *   order(n.0,a)=outside
 *   order(n.0,b)=outside
 *   order(n.0,acc.upd)=outside
 *   order(n.0,st.C)=outside
 *   order(m.1@acc,n.1@acc)=inside
 *   order(m.1@acc,k.0)=before
 *   order(m.1@acc,m.1@a)=before
 *   order(m.1@acc,k.1@a)=before
 *   order(m.1@acc,k.1@b)=before
 *   order(m.1@acc,n.1@b)=before
 *   order(m.1@acc,m.1@acc.upd)=before
 *   order(m.1@acc,n.1@acc.upd)=before
 *   order(m.1@acc,k.1@acc.upd)=before
 *   order(m.1@acc,m.1@st.C)=before
 *   order(m.1@acc,n.1@st.C)=before
 *   order(m.1@acc,acc)=outside
 *   order(m.1@acc,a)=before
 *   order(m.1@acc,b)=before
 *   order(m.1@acc,acc.upd)=before
 *   order(m.1@acc,st.C)=before
 *   order(n.1@acc,k.0)=before
 *   order(n.1@acc,m.1@a)=before
 *   order(n.1@acc,k.1@a)=before
 *   order(n.1@acc,k.1@b)=before
 *   order(n.1@acc,n.1@b)=before
 *   order(n.1@acc,m.1@acc.upd)=before
 *   order(n.1@acc,n.1@acc.upd)=before
 *   order(n.1@acc,k.1@acc.upd)=before
 *   order(n.1@acc,m.1@st.C)=before
 *   order(n.1@acc,n.1@st.C)=before
 *   order(n.1@acc,acc)=outside
 *   order(n.1@acc,a)=before
 *   order(n.1@acc,b)=before
 *   order(n.1@acc,acc.upd)=before
 *   order(n.1@acc,st.C)=before
 *   order(k.0,m.1@a)=outside
 *   order(k.0,k.1@a)=outside
 *   order(k.0,k.1@b)=outside
 *   order(k.0,n.1@b)=outside
 *   order(k.0,m.1@acc.upd)=outside
 *   order(k.0,n.1@acc.upd)=outside
 *   order(k.0,k.1@acc.upd)=outside
 *   order(k.0,m.1@st.C)=before
 *   order(k.0,n.1@st.C)=before
 *   order(k.0,acc)=after
 *   order(k.0,a)=outside
 *   order(k.0,b)=outside
 *   order(k.0,acc.upd)=outside
 *   order(k.0,st.C)=before
 *   order(m.1@a,k.1@a)=inside
 *   order(m.1@a,k.1@b)=fused
 *   order(m.1@a,n.1@b)=inside
 *   order(m.1@a,m.1@acc.upd)=before
 *   order(m.1@a,n.1@acc.upd)=before
 *   order(m.1@a,k.1@acc.upd)=before
 *   order(m.1@a,m.1@st.C)=before
 *   order(m.1@a,n.1@st.C)=before
 *   order(m.1@a,acc)=after
 *   order(m.1@a,a)=outside
 *   order(m.1@a,b)=outside
 *   order(m.1@a,acc.upd)=before
 *   order(m.1@a,st.C)=before
 *   order(k.1@a,k.1@b)=outside
 *   order(k.1@a,n.1@b)=fused
 *   order(k.1@a,m.1@acc.upd)=before
 *   order(k.1@a,n.1@acc.upd)=before
 *   order(k.1@a,k.1@acc.upd)=before
 *   order(k.1@a,m.1@st.C)=before
 *   order(k.1@a,n.1@st.C)=before
 *   order(k.1@a,acc)=after
 *   order(k.1@a,a)=outside
 *   order(k.1@a,b)=outside
 *   order(k.1@a,acc.upd)=before
 *   order(k.1@a,st.C)=before
 *   order(k.1@b,n.1@b)=inside
 *   order(k.1@b,m.1@acc.upd)=before
 *   order(k.1@b,n.1@acc.upd)=before
 *   order(k.1@b,k.1@acc.upd)=before
 *   order(k.1@b,m.1@st.C)=before
 *   order(k.1@b,n.1@st.C)=before
 *   order(k.1@b,acc)=after
 *   order(k.1@b,a)=outside
 *   order(k.1@b,b)=outside
 *   order(k.1@b,acc.upd)=before
 *   order(k.1@b,st.C)=before
 *   order(n.1@b,m.1@acc.upd)=before
 *   order(n.1@b,n.1@acc.upd)=before
 *   order(n.1@b,k.1@acc.upd)=before
 *   order(n.1@b,m.1@st.C)=before
 *   order(n.1@b,n.1@st.C)=before
 *   order(n.1@b,acc)=after
 *   order(n.1@b,a)=outside
 *   order(n.1@b,b)=outside
 *   order(n.1@b,acc.upd)=before
 *   order(n.1@b,st.C)=before
 *   order(m.1@acc.upd,n.1@acc.upd)=inside
 *   order(m.1@acc.upd,k.1@acc.upd)=inside
 *   order(m.1@acc.upd,m.1@st.C)=before
 *   order(m.1@acc.upd,n.1@st.C)=before
 *   order(m.1@acc.upd,acc)=after
 *   order(m.1@acc.upd,a)=after
 *   order(m.1@acc.upd,b)=after
 *   order(m.1@acc.upd,acc.upd)=outside
 *   order(m.1@acc.upd,st.C)=before
 *   order(n.1@acc.upd,k.1@acc.upd)=inside
 *   order(n.1@acc.upd,m.1@st.C)=before
 *   order(n.1@acc.upd,n.1@st.C)=before
 *   order(n.1@acc.upd,acc)=after
 *   order(n.1@acc.upd,a)=after
 *   order(n.1@acc.upd,b)=after
 *   order(n.1@acc.upd,acc.upd)=outside
 *   order(n.1@acc.upd,st.C)=before
 *   order(k.1@acc.upd,m.1@st.C)=before
 *   order(k.1@acc.upd,n.1@st.C)=before
 *   order(k.1@acc.upd,acc)=after
 *   order(k.1@acc.upd,a)=after
 *   order(k.1@acc.upd,b)=after
 *   order(k.1@acc.upd,acc.upd)=outside
 *   order(k.1@acc.upd,st.C)=before
 *   order(m.1@st.C,n.1@st.C)=inside
 *   order(m.1@st.C,acc)=after
 *   order(m.1@st.C,a)=after
 *   order(m.1@st.C,b)=after
 *   order(m.1@st.C,acc.upd)=after
 *   order(m.1@st.C,st.C)=outside
 *   order(n.1@st.C,acc)=after
 *   order(n.1@st.C,a)=after
 *   order(n.1@st.C,b)=after
 *   order(n.1@st.C,acc.upd)=after
 *   order(n.1@st.C,st.C)=outside
 *   order(acc,a)=before
 *   order(acc,b)=before
 *   order(acc,acc.upd)=before
 *   order(acc,st.C)=before
 *   order(a,b)=before
 *   order(a,acc.upd)=before
 *   order(a,st.C)=before
 *   order(b,acc.upd)=before
 *   order(b,st.C)=before
 *   order(acc.upd,st.C)=before
 *   pad(acc)=no
 *   pad(a)=yes
 *   pad(b)=yes
 */
__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void bnb_mxm(
    __global const float *restrict a_A,
    __global const float *restrict a_B,
    __global float *a_C)
{
  float v_acc[32];
  __local float v_a[1152] __attribute__ ((aligned (16)));
  __local float v_b[1152] __attribute__ ((aligned (16)));
  const int i0 = get_group_id(0); /* m.0 */
  const int i1 = get_group_id(1); /* n.0 */
  const int i2 = get_local_id(0); /* m.1@acc */
  const int i9 = get_local_id(0); /* k.1@a */
  const int i13 = get_local_id(0); /* m.1@acc.upd */
  const int i18 = get_local_id(0); /* m.1@st.C */
  { /* n.1@acc = 0 */
    const int i4 = 0;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 1 */
    const int i4 = 1;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 2 */
    const int i4 = 2;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 3 */
    const int i4 = 3;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 4 */
    const int i4 = 4;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 5 */
    const int i4 = 5;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 6 */
    const int i4 = 6;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 7 */
    const int i4 = 7;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 8 */
    const int i4 = 8;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 9 */
    const int i4 = 9;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 10 */
    const int i4 = 10;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 11 */
    const int i4 = 11;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 12 */
    const int i4 = 12;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 13 */
    const int i4 = 13;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 14 */
    const int i4 = 14;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 15 */
    const int i4 = 15;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 16 */
    const int i4 = 16;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 17 */
    const int i4 = 17;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 18 */
    const int i4 = 18;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 19 */
    const int i4 = 19;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 20 */
    const int i4 = 20;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 21 */
    const int i4 = 21;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 22 */
    const int i4 = 22;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 23 */
    const int i4 = 23;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 24 */
    const int i4 = 24;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 25 */
    const int i4 = 25;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 26 */
    const int i4 = 26;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 27 */
    const int i4 = 27;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 28 */
    const int i4 = 28;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 29 */
    const int i4 = 29;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 30 */
    const int i4 = 30;
    v_acc[i4] = (0.0f);
  }
  { /* n.1@acc = 31 */
    const int i4 = 31;
    v_acc[i4] = (0.0f);
  }
  for (int i6 = 0; i6 < 32; ++i6) {
    for (int i7 = 0; i7 < 32; ++i7) {
      v_a[i7 * 36 + i9] = a_A[((i7 + i0 * 32)) * 1024 + ((i9 + i6 * 32))];
      v_b[i7 * 36 + i9] = a_B[((i7 + i6 * 32)) * 1024 + ((i9 + i1 * 32))];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i17 = 0; i17 < 32; ++i17) {
      { /* n.1@acc.upd = 0 */
        const int i15 = 0;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 1 */
        const int i15 = 1;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 2 */
        const int i15 = 2;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 3 */
        const int i15 = 3;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 4 */
        const int i15 = 4;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 5 */
        const int i15 = 5;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 6 */
        const int i15 = 6;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 7 */
        const int i15 = 7;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 8 */
        const int i15 = 8;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 9 */
        const int i15 = 9;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 10 */
        const int i15 = 10;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 11 */
        const int i15 = 11;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 12 */
        const int i15 = 12;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 13 */
        const int i15 = 13;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 14 */
        const int i15 = 14;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 15 */
        const int i15 = 15;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 16 */
        const int i15 = 16;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 17 */
        const int i15 = 17;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 18 */
        const int i15 = 18;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 19 */
        const int i15 = 19;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 20 */
        const int i15 = 20;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 21 */
        const int i15 = 21;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 22 */
        const int i15 = 22;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 23 */
        const int i15 = 23;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 24 */
        const int i15 = 24;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 25 */
        const int i15 = 25;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 26 */
        const int i15 = 26;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 27 */
        const int i15 = 27;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 28 */
        const int i15 = 28;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 29 */
        const int i15 = 29;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 30 */
        const int i15 = 30;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
      { /* n.1@acc.upd = 31 */
        const int i15 = 31;
        v_acc[i15] = fma(v_a[i13 * 36 + i17], v_b[i17 * 36 + i15], v_acc[i15]);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  { /* n.1@st.C = 0 */
    const int i20 = 0;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 1 */
    const int i20 = 1;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 2 */
    const int i20 = 2;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 3 */
    const int i20 = 3;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 4 */
    const int i20 = 4;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 5 */
    const int i20 = 5;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 6 */
    const int i20 = 6;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 7 */
    const int i20 = 7;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 8 */
    const int i20 = 8;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 9 */
    const int i20 = 9;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 10 */
    const int i20 = 10;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 11 */
    const int i20 = 11;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 12 */
    const int i20 = 12;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 13 */
    const int i20 = 13;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 14 */
    const int i20 = 14;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 15 */
    const int i20 = 15;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 16 */
    const int i20 = 16;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 17 */
    const int i20 = 17;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 18 */
    const int i20 = 18;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 19 */
    const int i20 = 19;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 20 */
    const int i20 = 20;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 21 */
    const int i20 = 21;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 22 */
    const int i20 = 22;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 23 */
    const int i20 = 23;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 24 */
    const int i20 = 24;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 25 */
    const int i20 = 25;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 26 */
    const int i20 = 26;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 27 */
    const int i20 = 27;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 28 */
    const int i20 = 28;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 29 */
    const int i20 = 29;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 30 */
    const int i20 = 30;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
  { /* n.1@st.C = 31 */
    const int i20 = 31;
    a_C[((i18 + i0 * 32)) * 1024 + ((i20 + i1 * 32))] = v_acc[i20];
  }
}
